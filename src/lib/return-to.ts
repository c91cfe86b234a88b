// Where the server may send a browser after signing in or out, or after a page's form: only a path
// on the school's own origin (RFC 9700 4.11.2, no open redirector). This is the
// one function that decides; every server-chosen Location of the pages and the sign-in flow asks it.
//
// Browsers read a Location more loosely than a parser that only checks the origin: they strip tab,
// CR and LF anywhere (WHATWG URL "remove all ASCII tab or newline"), treat `\` as `/` in http(s)
// URLs, collapse dot segments (also `%2e`), and some proxies and frameworks decode `%2F` and `%5C`
// once more. So the value is refused when any of those is present at all, then parsed with the
// WHATWG URL parser against the origin, and the path it serializes to is checked again as a
// browser would resolve it. Anything doubtful gets the safe fallback, never a "repaired" value.

/** Longer than the longest authorization request the sign-in page carries (spec: return_to maxLength 4096). */
const MAX_LENGTH = 4096;
/** Printable ASCII without space or `\`: what our own URLs are made of; everything else is doubtful. */
const PLAIN = /^[!-[\]-~]+$/;
/** In the path: encoded `/`, `\`, `.`, `%` (double encoding) and encoded control characters. */
const ENCODED_DANGER = /%(?:2f|5c|2e|25|[01][0-9a-f]|7f)/i;

/** A path that starts with exactly one `/`, as a browser resolves it against any base. */
function isPlainAbsolutePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && PLAIN.test(value);
}

function hasDotSegment(path: string): boolean {
  return path.split('/').some((segment) => segment === '.' || segment === '..');
}

/**
 * The same-origin path (with its query) that `value` names, or `fallback` when it is anything else.
 * @param origin the school's origin, e.g. `https://school.example`
 * @param fallback a constant path of this service, used for anything doubtful
 */
export function safeReturnTo(origin: string, value: unknown, fallback = '/oauth/sign-in'): string {
  if (typeof value !== 'string' || value.length > MAX_LENGTH || !isPlainAbsolutePath(value)) return fallback;
  const rawPath = value.split(/[?#]/, 1)[0]!;
  if (ENCODED_DANGER.test(rawPath) || hasDotSegment(rawPath)) return fallback;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin || url.username || url.password) return fallback;
  const location = `${url.pathname}${url.search}`;
  // Re-check what goes on the wire: it must read back, unchanged, as a path of this origin.
  if (!isPlainAbsolutePath(location)) return fallback;
  const reread = new URL(location, origin);
  return reread.origin === origin && `${reread.pathname}${reread.search}` === location ? location : fallback;
}
