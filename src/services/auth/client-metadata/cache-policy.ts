// How long a fetched Client ID Metadata Document may be reused. CIMD draft, "Metadata Caching":
// the authorization server may cache the document, should respect the HTTP cache headers
// (RFC 9111) and may bound the lifetime with its own limits. Ours: 5 minutes when the response
// says nothing, never more than 24 hours, so a client that changes its redirect URIs (or is
// compromised and fixed) is picked up within a day at worst.
//
// Only successful fetches of valid documents are ever cached: a network error, a bad status or a
// document that fails validation is never stored, so the next request fetches again. The caller
// obeys this; this module only computes the lifetime of a good response.

const DEFAULT_LIFETIME_MS = 5 * 60 * 1000;
const MAX_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * When the document fetched at `now` with these response headers (lower-case names, as node gives
 * them) stops being fresh, or null when it must not be cached at all.
 */
export function cacheExpiry(headers: Record<string, string>, now: Date): Date | null {
  const lifetimeMs = freshnessLifetimeMs(headers, now);
  if (lifetimeMs === null) return null;
  const remainingMs = Math.min(lifetimeMs - ageMs(headers), MAX_LIFETIME_MS);
  if (remainingMs <= 0) return null;
  return new Date(now.getTime() + remainingMs);
}

function freshnessLifetimeMs(headers: Record<string, string>, now: Date): number | null {
  const directives = parseCacheControl(header(headers, 'cache-control'));
  // RFC 9111 5.2.2.5 no-store and 5.2.2.4 no-cache (reuse only after revalidation, which we do not
  // do). 'private' (5.2.2.7) is allowed: it forbids shared caches, and we are the only consumer.
  if (directives.has('no-store') || directives.has('no-cache')) return null;
  // RFC 9111 4.2.1: max-age wins over Expires. We take max-age before s-maxage because this cache
  // serves one consumer; s-maxage still counts when it is the only lifetime given.
  for (const name of ['max-age', 's-maxage']) {
    if (!directives.has(name)) continue;
    const seconds = deltaSeconds(directives.get(name));
    // RFC 9111 4.2.1: an invalid lifetime makes the response stale; we then do not cache it.
    return seconds === null ? null : seconds * 1000;
  }
  const expires = header(headers, 'expires');
  if (expires !== undefined) {
    // RFC 9111 5.3: an invalid Expires (such as "0") means "already expired".
    const expiresAt = httpDate(expires);
    if (expiresAt === null) return null;
    // RFC 9111 4.2.1: lifetime is Expires minus the server's own Date, so clock skew between the
    // client's server and ours does not stretch or shrink it.
    const base = httpDate(header(headers, 'date') ?? '') ?? now.getTime();
    return expiresAt - base;
  }
  return DEFAULT_LIFETIME_MS;
}

/** RFC 9111 5.1: a response that already spent time in an upstream cache is that much older. */
function ageMs(headers: Record<string, string>): number {
  return (deltaSeconds(header(headers, 'age')) ?? 0) * 1000;
}

function parseCacheControl(value: string | undefined): Map<string, string | undefined> {
  const directives = new Map<string, string | undefined>();
  for (const part of (value ?? '').split(',')) {
    const [rawName, ...rest] = part.split('=');
    const name = (rawName ?? '').trim().toLowerCase();
    if (name === '' || directives.has(name)) continue;
    const raw = rest.length === 0 ? undefined : rest.join('=').trim();
    directives.set(name, raw?.replace(/^"(.*)"$/, '$1'));
  }
  return directives;
}

/** RFC 9111 1.2.2 delta-seconds: digits only. */
function deltaSeconds(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  return Number(value);
}

// RFC 9110 5.6.7 IMF-fixdate, the form senders must use. Date.parse alone is far too lenient (it
// reads "0" as the year 2000); the obsolete RFC 850 and asctime forms count as invalid here.
const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

function httpDate(value: string): number | null {
  if (!IMF_FIXDATE.test(value.trim())) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

function header(headers: Record<string, string>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return value;
  }
  return undefined;
}
