// /auth.md "Signing out": the sign-out forms (the sessions page, the logout confirmation) and the
// end-session endpoint are held to the sign-in page's limit per address (`signInPerAddress`), in a
// bucket of their own, so signing out can never spend the budget a person needs to sign in again.
import type { RateDecision, RateLimiter, RatePolicyName } from '../rate-limiter.ts';

export const SIGN_OUT_POLICY: RatePolicyName = 'signInPerAddress';

export async function takeSignOutAttempt(limiter: RateLimiter, address: string): Promise<RateDecision> {
  return limiter.take(`sign-out:address:${address}`, SIGN_OUT_POLICY);
}
