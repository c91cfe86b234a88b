// Fixed-window rate limits whose counters live in the database, so every instance shares them
// (issue 9). Callers name the bucket (`sign-in:account:<email>`) and the policy.
import type { Db } from '../db/database.ts';
import { hitCounter, resetCounter } from '../db/repositories/rate-limits.ts';
import { createGroupCommit } from './group-commit.ts';

export type RatePolicy = { limit: number; windowSeconds: number };
export type RateDecision = { allowed: boolean; limit: number; remaining: number; resetSeconds: number };

export type RatePolicyName = keyof typeof RATE_POLICIES;

/**
 * @param overrides limits that replace the defaults per policy (RATE_LIMIT_OVERRIDES), e.g. a
 * deployment behind one NAT address raising signInPerAddress.
 */
export function createRateLimiter(db: Db, overrides: Partial<Record<string, number>> = {}, now: () => Date = () => new Date()) {
  function policyOf(policy: RatePolicy | RatePolicyName): RatePolicy {
    if (typeof policy !== 'string') return policy;
    const base = RATE_POLICIES[policy];
    return { limit: overrides[policy] ?? base.limit, windowSeconds: base.windowSeconds };
  }

  function windowOf(policy: RatePolicy): { start: Date; end: Date } {
    const ms = policy.windowSeconds * 1000;
    const start = Math.floor(now().getTime() / ms) * ms;
    return { start: new Date(start), end: new Date(start + ms) };
  }

  type Hits = { bucket: string; window: { start: Date; end: Date } };
  // Hits on one counter while its upsert is in flight ride in the next upsert (exact and shared).
  const countHits = createGroupCommit((_key: string, hits: Hits[]) => hitCounter(db, hits[0]!.bucket, hits[0]!.window.start, hits[0]!.window.end, hits.length));

  return {
    /** The policy in force for a name (defaults with this deployment's overrides). */
    policy: policyOf,
    async consume(bucket: string, named: RatePolicy | RatePolicyName): Promise<RateDecision> {
      const policy = policyOf(named);
      const window = windowOf(policy);
      const { outcome: total, position, size } = await countHits(`${bucket}\n${window.start.getTime()}`, { bucket, window });
      const hits = total - size + position; // the window's count as of this hit
      const resetSeconds = Math.max(1, Math.ceil((window.end.getTime() - now().getTime()) / 1000));
      return { allowed: hits <= policy.limit, limit: policy.limit, remaining: Math.max(0, policy.limit - hits), resetSeconds };
    },
    /** Forget a bucket's current window (a successful sign-in clears its failures). */
    async reset(bucket: string, named: RatePolicy | RatePolicyName): Promise<void> {
      await resetCounter(db, bucket, windowOf(policyOf(named)).start);
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
