// RFC 8707 resource indicators. Every token of a school is bound to the school's origin; the
// path-specific documents of RFC 9728 (`/mcp`, `/account/graphql`) name the same audience, so a
// token asked for any of them works at both protected resources.
export const RESOURCE_PATHS = ['/mcp', '/account/graphql'] as const;

/**
 * The audience a requested resource indicator means at this school, or undefined when it is not
 * one of ours. `https://host` and `https://host/` are the same resource.
 */
export function audienceOfResource(origin: string, value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  // RFC 8707 2: an absolute URI without a fragment.
  if (value.includes('#') || url.search || url.username || url.password) return undefined;
  if (url.origin !== origin) return undefined;
  const path = url.pathname;
  if (path === '/' || path === '') return origin;
  return (RESOURCE_PATHS as readonly string[]).includes(path.replace(/\/$/, '')) ? origin : undefined;
}

/** Normalises one or many resource parameters into one audience; undefined when none was given. */
export function resolveResourceParameter(
  origin: string,
  raw: string | string[] | undefined,
): { ok: true; audience: string | undefined } | { ok: false; reason: string } {
  const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  if (values.length === 0) return { ok: true, audience: undefined };
  const audiences = new Set<string>();
  for (const value of values) {
    const audience = audienceOfResource(origin, value);
    if (!audience)
      return { ok: false, reason: `The resource ${JSON.stringify(value)} is not served here; use ${origin}.` };
    audiences.add(audience);
  }
  return { ok: true, audience: [...audiences][0] };
}
