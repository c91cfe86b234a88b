// /auth.md "Rate limits": failed client authentication at the token, revocation and introspection
// endpoints is counted, per client_id and address, in a token bucket (clientAuthFailuresPerClientAddress,
// /auth.md "Rate limits"). Keyed on the address as well, so a stranger who names a client_id (they
// are public) spends only their own budget, never the client's. Once the bucket is empty the
// endpoint answers RFC 6749 5.2's shape as the token endpoint's throughput limit does: 429
// `slow_down` with Retry-After and RateLimit, before the credentials are even looked at.
import { hash } from 'node:crypto';
import { rateLimitHeaders, type RateDecision, type RateLimiter } from '../../rate-limiter.ts';
import { InvalidClient, TooManyRequests } from '../errors.ts';

export type ClientAuthThrottle = { limiter: RateLimiter; address: string };

const POLICY = 'clientAuthFailuresPerClientAddress';

function refused(throttle: ClientAuthThrottle, decision: RateDecision): TooManyRequests {
  return new TooManyRequests(
    'Too many failed client authentications for this client from this address; slow down.',
    decision.resetSeconds,
    rateLimitHeaders(decision, throttle.limiter.policy(POLICY)),
  );
}

// A digest keeps arbitrary client_id strings (metadata-document URLs) out of the key's length; a
// short plain one (every registered client's) is its own key, which spares a digest per request.
// The prefixes keep the two forms from ever naming the same bucket.
const PLAIN_CLIENT_ID = /^[A-Za-z0-9._~-]{1,64}$/;
export function clientKeyOf(clientId: string): string {
  return PLAIN_CLIENT_ID.test(clientId) ? `id=${clientId}` : `sha256=${hash('sha256', clientId, 'base64url')}`;
}

/**
 * Checks a client's credentials with `check` unless this client_id and address have no failures
 * left; an `invalid_client` failure takes a token. Success costs one read and writes nothing (the
 * token endpoint is hot). What `check` needs is read by `load` beside that read, not after it: a
 * load has no effect and decides nothing, and its answer is dropped unseen when the bucket is empty,
 * so a refused caller learns no more than before, and an allowed one waits one round trip instead
 * of two (bench/FINDINGS.md "Group commit and grouped reads": the refresh row waited on its round trips).
 */
export async function throttleClientAuthentication<Loaded, T>(
  throttle: ClientAuthThrottle,
  siteId: string,
  clientId: string,
  load: () => Promise<Loaded>,
  check: (loaded: Loaded) => T,
): Promise<T> {
  const bucket = `client-auth:${siteId}:${clientKeyOf(clientId)}:${throttle.address}`;
  const settled = load().then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  const before = await throttle.limiter.peek(bucket, POLICY);
  if (!before.allowed) throw refused(throttle, before);
  const loaded = await settled;
  if ('error' in loaded) throw loaded.error;
  try {
    return check(loaded.value);
  } catch (error) {
    if (error instanceof InvalidClient) await throttle.limiter.take(bucket, POLICY);
    throw error;
  }
}
