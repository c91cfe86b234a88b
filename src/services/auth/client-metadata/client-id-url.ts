// The shape of a client_id that is a Client ID Metadata Document URL (CIMD draft, "Client
// Identifier URL"), checked before anything is fetched, and the loopback redirect URIs of
// native apps (RFC 8252 7.3).
import { isIP } from 'node:net';

export type ClientIdUrlResult = { ok: true; url: URL } | { ok: false; reason: string };

/** Longer client_ids are refused outright: they are stored, logged and shown on consent pages. */
const MAX_CLIENT_ID_LENGTH = 2048;

/**
 * Parses `value` as a CIMD client identifier URL, refusing anything the draft forbids and, to keep
 * it strict, also query strings (the draft says SHOULD NOT), IP-literal hosts and any spelling that
 * the WHATWG URL parser would rewrite.
 */
export function parseClientIdUrl(value: string): ClientIdUrlResult {
  if (value.length > MAX_CLIENT_ID_LENGTH) return fail(`client_id is longer than ${MAX_CLIENT_ID_LENGTH} characters`);
  // Checked on the raw string: the URL parser silently removes dot segments, %2e included.
  if (hasDotSegment(value)) return fail('client_id must not contain "." or ".." path segments');
  const url = URL.parse(value);
  if (url === null) return fail('client_id is not an absolute URL');
  if (url.protocol !== 'https:') return fail('client_id must use the https scheme');
  if (url.username !== '' || url.password !== '') return fail('client_id must not contain a username or password');
  if (value.includes('#')) return fail('client_id must not contain a fragment');
  if (value.includes('?')) return fail('client_id must not contain a query string');
  if (url.pathname === '/' || url.pathname === '') return fail('client_id must contain a path component');
  if (isIP(bareHostname(url)) !== 0) return fail('client_id host must be a domain name, not an IP address');
  // CIMD draft, "Client ID Metadata Document": the document's client_id must equal this URL by
  // simple string comparison (RFC 3986 6.2.1). Accepting only the parser's canonical spelling
  // (lower-case host, no default port, no backslashes, no stray whitespace) means one client has
  // exactly one identifier, and the string we fetch is the string we compare.
  if (url.href !== value) return fail(`client_id must be written in canonical form: ${url.href}`);
  return { ok: true, url };
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * True for http://127.0.0.1, http://[::1] and http://localhost redirect URIs, with or without a
 * port. RFC 8252 7.3: the port of a loopback redirect is chosen by the native app at run time, so
 * the authorization endpoint must compare these URIs without their port.
 */
export function isLoopbackRedirect(uri: string): boolean {
  const url = URL.parse(uri);
  if (url === null || url.protocol !== 'http:') return false;
  if (url.username !== '' || url.password !== '') return false;
  return LOOPBACK_HOSTS.has(url.hostname);
}

function hasDotSegment(value: string): boolean {
  const afterScheme = value.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const path = afterScheme.split(/[?#]/, 1)[0] ?? '';
  // WHATWG URL also treats "\" as a separator in https URLs, and %2e (either case) as a dot.
  return path.split(/[/\\]/).some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}

/** URL keeps the brackets around an IPv6 host; net.isIP wants them off. */
function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function fail(reason: string): ClientIdUrlResult {
  return { ok: false, reason };
}
