// /auth.md "Rate limits": guesses are bounded per person, not per school. A password belongs to the
// identity (one normalised e-mail, every school), so its guesses are counted per identity across
// schools, in token buckets (no burst across a window boundary), at three strengths:
// 1. per identity and address (strict, `signInPerAccountAddress`): a stranger's guesses from one
//    address spend only that pair's budget, never the person's own at their address;
// 2. per identity, from any address (`signInPerAccount`, slower and larger: NIST SP 800-63B 5.2.2
//    allows at most 100 consecutive failures): bounds a distributed attacker. Addresses the person
//    signed in from during the last 30 days are exempt from it, so strangers who spend it still
//    cannot lock the person out where they usually sign in;
// 3. per address, whatever the identity (`signInPerAddress`): bounds spraying many identities.
// Every attempt takes its tokens before the password is checked (so concurrent guesses cannot
// overtake the count); a success refills the person's buckets (the failures were not consecutive).
import { createHash } from 'node:crypto';
import type { RateDecision, RateLimiter, RatePolicyName } from '../rate-limiter.ts';

const KNOWN_ADDRESS_SECONDS = 30 * 86_400;

export type SignInAttempt =
  | { allowed: true; succeeded: () => Promise<void> }
  | { allowed: false; decision: RateDecision; policy: RatePolicyName };

/** The identity's key in bucket names: a digest, so counters hold no e-mail addresses. */
const identityKey = (email: string) => createHash('sha256').update(email, 'utf8').digest('base64url');

/** Takes this attempt's tokens, strictest-scoped first, so a refusal never spends a wider budget. */
export async function startSignInAttempt(limiter: RateLimiter, email: string, address: string): Promise<SignInAttempt> {
  const identity = identityKey(email);
  const buckets = {
    address: `sign-in:address:${address}`,
    pair: `sign-in:identity-address:${identity}:${address}`,
    identity: `sign-in:identity:${identity}`,
    known: `sign-in:known-address:${identity}:${address}`,
  };
  const known = await limiter.recalls(buckets.known);
  const steps: [string, RatePolicyName][] = [
    [buckets.address, 'signInPerAddress'],
    [buckets.pair, 'signInPerAccountAddress'],
    ...(known ? [] : ([[buckets.identity, 'signInPerAccount']] as [string, RatePolicyName][])),
  ];
  for (const [bucket, policy] of steps) {
    const decision = await limiter.take(bucket, policy);
    if (!decision.allowed) return { allowed: false, decision, policy };
  }
  return {
    allowed: true,
    async succeeded() {
      await limiter.refill(buckets.pair);
      await limiter.refill(buckets.identity);
      await limiter.remember(buckets.known, KNOWN_ADDRESS_SECONDS);
    },
  };
}
