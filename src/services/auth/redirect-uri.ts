// Redirect URI matching: exact string comparison (RFC 9700 2.1), except that loopback redirects
// match on everything but the port, because native apps pick a free port at run time
// (RFC 8252 7.3). `localhost` is accepted like 127.0.0.1 and [::1] because real clients send it.
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

export function isLoopbackUri(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && !url.username && !url.password && !url.hash;
  } catch {
    return false;
  }
}

function withoutPort(value: string): string {
  const url = new URL(value);
  url.port = '';
  return url.toString();
}

/** The registered URI a requested one matches, or undefined. */
export function matchRedirectUri(registered: readonly string[], requested: string): string | undefined {
  const exact = registered.find((uri) => uri === requested);
  if (exact) return exact;
  if (!isLoopbackUri(requested)) return undefined;
  // Compare the raw path/query too: no normalisation that could let `/cb/../evil` through.
  const requestedUrl = new URL(requested);
  if (
    requested.slice(requested.indexOf(requestedUrl.host) + requestedUrl.host.length) !==
    requestedUrl.pathname + requestedUrl.search
  )
    return undefined;
  const requestedKey = withoutPort(requested);
  return registered.find(
    (uri) => isLoopbackUri(uri) && new URL(uri).hostname === requestedUrl.hostname && withoutPort(uri) === requestedKey,
  );
}

/** Whether every redirect URI is a loopback one: such a client runs on the user's own computer. */
export function allLoopback(uris: readonly string[]): boolean {
  return uris.length > 0 && uris.every(isLoopbackUri);
}

/** A registrable redirect URI: absolute, no fragment, no credentials (RFC 6749 3.1.2). */
export function isWellFormedRedirectUri(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      !url.hash &&
      !value.includes('#') &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}
