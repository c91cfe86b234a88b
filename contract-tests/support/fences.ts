// Through MCP, a school document reads as GET serves it but with each school-written string fenced
// (docs/agents.md "MCP": untrusted content): these take the fences out again, and tell where they are.
const INLINE_FENCE = /<untrusted-content>(.*?)<\/untrusted-content>/g;

/** The document as GET serves it: every inline fence around school text taken out. */
export function unfenced(text: string): string {
  return text.replace(INLINE_FENCE, '$1');
}

/** How many school-written strings the document fences. */
export function fenceCount(text: string): number {
  return [...text.matchAll(INLINE_FENCE)].length;
}
