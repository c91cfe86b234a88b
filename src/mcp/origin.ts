// DNS-rebinding protection (MCP 2025-11-25 Transports, Streamable HTTP "Security Warning":
// servers MUST validate the Origin header; an invalid Origin is answered 403). A request without
// Origin comes from a non-browser client and passes. A browser page may call only from this
// school's own origin or from a loopback origin (a local tool such as the MCP Inspector).
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isAllowedOrigin(origin: string | string[] | undefined, siteOrigin: string): boolean {
  if (origin === undefined) return true;
  if (Array.isArray(origin)) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // `null` (opaque origins: sandboxed frames, file:) and junk
  }
  // An Origin header is scheme://host[:port] and nothing else (RFC 6454 7).
  if (url.origin !== origin.toLowerCase().replace(/\/$/, '')) return false;
  if (url.origin === siteOrigin) return true;
  return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname);
}
