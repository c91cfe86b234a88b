// /auth.md "Lifetimes" (RFC 9700 4.14.2): the one rule of how long a grant and its tokens live. A grant ends at its
// absolute end (fixed when it starts) or after an idle spell without a refresh, whichever comes
// first; no token outlives its grant, so introspection's `exp` is the true expiry (RFC 7662 2.2).
export type GrantLifetimes = {
  accessTokenTtlSeconds: number;
  grantIdleLifetimeSeconds: number;
  grantAbsoluteLifetimeSeconds: number;
};

const later = (from: Date | number, seconds: number) => new Date(Number(from) + seconds * 1000);
const earliest = (a: Date, b: Date) => (a <= b ? a : b);

/** When a grant that starts now must end, whatever happens to it. */
export function grantEndsAt(start: Date, lifetimes: GrantLifetimes): Date {
  return later(start, lifetimes.grantAbsoluteLifetimeSeconds);
}

/** Expiries of tokens issued now, before their grant's end caps them. */
export function uncappedExpiries(now: Date, lifetimes: GrantLifetimes): { access: Date; refresh: Date } {
  return {
    access: later(now, lifetimes.accessTokenTtlSeconds),
    refresh: later(now, lifetimes.grantIdleLifetimeSeconds),
  };
}

/**
 * Expiries of the tokens a grant issues now: an access token its usual lifetime, a refresh token
 * the idle lifetime (unused that long, the grant lapses), neither past the grant's end.
 */
export function tokenExpiries(grantEnd: Date, now: Date, lifetimes: GrantLifetimes): { access: Date; refresh: Date } {
  const uncapped = uncappedExpiries(now, lifetimes);
  return { access: earliest(uncapped.access, grantEnd), refresh: earliest(uncapped.refresh, grantEnd) };
}
