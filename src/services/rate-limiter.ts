// Fixed-window rate limits whose counters live in the database, so every instance shares them
// (issue 9). Callers name the bucket (`sign-in:account:<email>`) and the policy.
import type { Db } from '../db/database.ts';
import { hitCounter, resetCounter } from '../db/repositories/rate-limits.ts';

export type RatePolicy = { limit: number; windowSeconds: number };
export type RateDecision = { allowed: boolean; limit: number; remaining: number; resetSeconds: number };

export function createRateLimiter(db: Db, now: () => Date = () => new Date()) {
  function windowOf(policy: RatePolicy): { start: Date; end: Date } {
    const ms = policy.windowSeconds * 1000;
    const start = Math.floor(now().getTime() / ms) * ms;
    return { start: new Date(start), end: new Date(start + ms) };
  }

  return {
    async consume(bucket: string, policy: RatePolicy): Promise<RateDecision> {
      const window = windowOf(policy);
      const hits = await hitCounter(db, bucket, window.start, window.end);
      const resetSeconds = Math.max(1, Math.ceil((window.end.getTime() - now().getTime()) / 1000));
      return { allowed: hits <= policy.limit, limit: policy.limit, remaining: Math.max(0, policy.limit - hits), resetSeconds };
    },
    /** Forget a bucket's current window (a successful sign-in clears its failures). */
    async reset(bucket: string, policy: RatePolicy): Promise<void> {
      await resetCounter(db, bucket, windowOf(policy).start);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers) plus Retry-After. */
export function rateLimitHeaders(decision: RateDecision, policy: RatePolicy): Record<string, string> {
  return {
    RateLimit: `limit=${decision.limit}, remaining=${decision.remaining}, reset=${decision.resetSeconds}`,
    'RateLimit-Policy': `${policy.limit};w=${policy.windowSeconds}`,
    ...(decision.allowed ? {} : { 'Retry-After': String(decision.resetSeconds) }),
  };
}

/** The service's policies, documented in /auth.md. */
export const RATE_POLICIES = {
  signInPerAccount: { limit: 10, windowSeconds: 900 },
  signInPerAddress: { limit: 50, windowSeconds: 900 },
  tokenPerClient: { limit: 600, windowSeconds: 60 },
  registrationPerAddress: { limit: 20, windowSeconds: 3600 },
  metadataFetchPerHost: { limit: 30, windowSeconds: 60 },
  mcpToolCallsPerToken: { limit: 120, windowSeconds: 60 },
} as const satisfies Record<string, RatePolicy>;
