// Text a school or a client wrote, put into a Markdown document (/auth.md, /llms.txt, /pricing.md,
// /webhooks.md): one inline run that can never change the document's structure (OpenAPI "School
// text and HTML"). CommonMark 0.31 section 2.4: any ASCII punctuation may be backslash-escaped and
// then stands for itself; so
//   - line breaks (CR, LF, U+2028/2029, other controls) become one space: nothing can start a new
//     line, hence no heading, list item, table row, code fence, HTML block or setext underline;
//   - inline markup characters are escaped wherever they are: emphasis (* _ ~), code (`), links
//     and images ([ ] so `!` and `( )` lose their meaning), raw HTML and autolinks (< >),
//     entity references (&), headings' closing sequence (#), table cells (|, GFM 4.10), and \;
//   - what only matters at the start of a line or block is escaped there: list markers (- + and
//     `1.` / `1)`), blockquote (>, escaped anyway), thematic breaks and setext lines (- = _ *);
//   - GFM extended autolinks (6.9) need a literal `://`, `www.` or `@`: each is broken by an escape.
// Bidi-override and isolate controls are dropped: they reorder how the rest of a line reads.

// \p{Cc} is the C0 and C1 controls, U+0000-U+001F and U+007F-U+009F.
const LINE_BREAKS_AND_CONTROLS = /[\p{Cc}\u2028\u2029]+/gu;
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f]/g;
const INLINE_PUNCTUATION = /[\\`*_{}[\]<>#|~&!]/g;

/**
 * School-written text as one line of plain text: no controls, no line breaks, no bidi overrides.
 * For places that are not Markdown (an MCP resource's title) but are still read as one line.
 */
export function singleLine(text: string): string {
  return text.replace(BIDI_CONTROLS, '').replace(LINE_BREAKS_AND_CONTROLS, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * How a document writes one school-written string: `markdownInline` for the HTTP documents, and a
 * fenced form of it where an agent reads the document (MCP resources: mcp/untrusted.ts).
 */
export type SchoolText = (text: string) => string;

/**
 * School-written text as one line of literal Markdown inline text. Every `www.` is broken, not only
 * at a word boundary: GFM 6.9 also starts an extended autolink after `_`, a word character.
 */
export function markdownInline(text: string): string {
  return singleLine(text)
    .replace(INLINE_PUNCTUATION, (c) => `\\${c}`)
    .replace(/:\/\//g, ':\\/\\/')
    .replace(/(www)\./gi, '$1\\.')
    .replace(/@/g, '\\@')
    .replace(/^([-+=])/, '\\$1')
    .replace(/^(\d{1,9})([.)])/, '$1\\$2');
}

/** A path segment of a link destination built from a school-chosen slug. */
export function urlSegment(text: string): string {
  return encodeURIComponent(text);
}
