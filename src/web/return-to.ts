// Where to send the browser after signing in or out: only a path on this same origin, so the
// sign-in page can never be used as an open redirector.
export function safeReturnTo(origin: string, value: string | undefined, fallback = '/oauth/sign-in'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  try {
    const url = new URL(value, origin);
    return url.origin === origin ? `${url.pathname}${url.search}` : fallback;
  } catch {
    return fallback;
  }
}
