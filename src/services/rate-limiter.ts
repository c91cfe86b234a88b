// Rate limits whose counters live in the database, so every instance shares them (/auth.md "Rate limits").
// Callers name the bucket and the policy. Two kinds:
// - `consume`: fixed windows, for throughput limits (token requests, tool calls, registrations);
// - `take`: token buckets (`limit` tokens, refilled evenly over the window), for limits on
//   guessing (/auth.md "Rate limits"), where a fixed window lets twice the limit through across a boundary.
import type { Db } from '../db/database.ts';
import {
  counterKey,
  deleteTokenBucket,
  findTokenBucket,
  hitCounters,
  rememberUntil,
  resetCounter,
  returnToken,
  takeToken,
} from '../db/repositories/rate-limits.ts';
import { createGroupCommit } from '../lib/group-commit.ts';

export type RatePolicy = { limit: number; windowSeconds: number };
export type RateDecision = { allowed: boolean; limit: number; remaining: number; resetSeconds: number };

export type RatePolicyName = keyof typeof RATE_POLICIES;

/**
 * @param overrides limits that replace the defaults per policy (RATE_LIMIT_OVERRIDES), e.g. a
 * deployment behind one NAT address raising signInPerAddress; `<policy>Window=<seconds>` replaces
 * a policy's period (tests use it to see a token bucket refill within seconds).
 */
export function createRateLimiter(
  db: Db,
  overrides: Partial<Record<string, number>> = {},
  now: () => Date = () => new Date(),
) {
  function policyOf(policy: RatePolicy | RatePolicyName): RatePolicy {
    return typeof policy === 'string' ? ratePolicyOf(policy, overrides) : policy;
  }

  function windowOf(policy: RatePolicy): { start: Date; end: Date } {
    const ms = policy.windowSeconds * 1000;
    const start = Math.floor(now().getTime() / ms) * ms;
    return { start: new Date(start), end: new Date(start + ms) };
  }

  type Hit = { bucket: string; window: { start: Date; end: Date } };
  // Hits that arrive while an upsert is in flight ride in the next one, whichever counters they
  // are on: one statement per batch, not one per counter (50 callers on 20 tokens' counters were
  // 20 upserts at a time). Exact and shared: each hit learns its counter's total as of itself.
  const countHits = createGroupCommit(async (_key: string, hits: Hit[]): Promise<number[]> => {
    const byCounter = new Map<string, { hit: Hit; count: number }>();
    for (const hit of hits) {
      const key = counterKey(hit.bucket, hit.window.start);
      const entry = byCounter.get(key);
      if (entry) entry.count++;
      else byCounter.set(key, { hit, count: 1 });
    }
    const totals = await hitCounters(
      db,
      [...byCounter.values()].map(({ hit, count }) => ({
        bucket: hit.bucket,
        windowStart: hit.window.start,
        expiresAt: hit.window.end,
        count,
      })),
    );
    // Walking the batch backward: the last hit on a counter sees its total, each earlier one a hit less.
    const asOf = new Array<number>(hits.length);
    for (let i = hits.length - 1; i >= 0; i--) {
      const key = counterKey(hits[i]!.bucket, hits[i]!.window.start);
      const total = totals.get(key)!;
      asOf[i] = total;
      totals.set(key, total - 1);
    }
    return asOf;
  });

  return {
    /** The policy in force for a name (defaults with this deployment's overrides). */
    policy: policyOf,
    async consume(bucket: string, named: RatePolicy | RatePolicyName): Promise<RateDecision> {
      const policy = policyOf(named);
      const window = windowOf(policy);
      const { outcome, position } = await countHits('counters', { bucket, window });
      const hits = outcome[position - 1]!; // the window's count as of this hit
      const resetSeconds = Math.max(1, Math.ceil((window.end.getTime() - now().getTime()) / 1000));
      return {
        allowed: hits <= policy.limit,
        limit: policy.limit,
        remaining: Math.max(0, policy.limit - hits),
        resetSeconds,
      };
    },
    /** Forget a bucket's current window. */
    async reset(bucket: string, named: RatePolicy | RatePolicyName): Promise<void> {
      await resetCounter(db, bucket, windowOf(policyOf(named)).start);
    },
    /** Token bucket: takes one token, or refuses (taking nothing) when none is left. */
    async take(bucket: string, named: RatePolicy | RatePolicyName): Promise<RateDecision> {
      const shape = shapeOf(policyOf(named));
      const at = now();
      const tat = await takeToken(db, bucket, at, shape.intervalMs, shape.capacityMs);
      if (tat) return shape.decision(at, tat);
      return {
        ...shape.decision(at, shape.afterOneMore((await findTokenBucket(db, bucket, at)) ?? at)),
        allowed: false,
      };
    },
    /** Token bucket: whether a token is left, taking none. */
    async peek(bucket: string, named: RatePolicy | RatePolicyName): Promise<RateDecision> {
      const shape = shapeOf(policyOf(named));
      const at = now();
      const decision = shape.decision(at, shape.afterOneMore((await findTokenBucket(db, bucket, at)) ?? at));
      return { ...decision, remaining: decision.allowed ? decision.remaining + 1 : 0 };
    },
    /** Token bucket: gives back the token of an attempt that turned out not to count. */
    async giveBack(bucket: string, named: RatePolicy | RatePolicyName): Promise<void> {
      await returnToken(db, bucket, shapeOf(policyOf(named)).intervalMs);
    },
    /** Token bucket: full again. */
    async refill(bucket: string): Promise<void> {
      await deleteTokenBucket(db, bucket);
    },
    /** Remembers a key for a while (e.g. an address a person signed in from); `recalls` answers it. */
    async remember(key: string, seconds: number): Promise<void> {
      await rememberUntil(db, key, new Date(now().getTime() + seconds * 1000));
    },
    async recalls(key: string): Promise<boolean> {
      return (await findTokenBucket(db, key, now())) !== undefined;
    },
  };
}

/** The policy in force for a name: its default, with this deployment's RATE_LIMIT_OVERRIDES. */
export function ratePolicyOf(name: RatePolicyName, overrides: Partial<Record<string, number>> = {}): RatePolicy {
  const base = RATE_POLICIES[name];
  return { limit: overrides[name] ?? base.limit, windowSeconds: overrides[`${name}Window`] ?? base.windowSeconds };
}

/**
 * A token bucket as GCRA sees it: one token every `intervalMs`, at most `limit` stored. `tat` is the
 * bucket's theoretical arrival time after a take: the take fits when tat stays within one window
 * of now, and what is left is how many more tokens fit before that bound.
 */
function shapeOf(policy: RatePolicy) {
  // The database keeps microseconds and Date milliseconds: a millisecond of slack keeps the
  // rounding of `limit` fractional intervals from refusing the last token.
  const capacityMs = policy.windowSeconds * 1000 + 1;
  const intervalMs = (policy.windowSeconds * 1000) / policy.limit;
  return {
    intervalMs,
    capacityMs,
    /** The TAT one more take would leave, from the stored one (or now, when the bucket is full). */
    afterOneMore: (tat: Date) => new Date(tat.getTime() + intervalMs),
    decision(at: Date, tat: Date): RateDecision {
      const slack = at.getTime() + capacityMs - tat.getTime();
      const allowed = slack >= 0;
      // Allowed: seconds until the bucket is full again; refused: until its next token.
      const resetMs = allowed ? tat.getTime() - at.getTime() : -slack;
      return {
        allowed,
        limit: policy.limit,
        remaining: allowed ? Math.floor(slack / intervalMs) : 0,
        resetSeconds: Math.max(1, Math.ceil(resetMs / 1000)),
      };
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
  // /auth.md "Rate limits", token buckets: failed sign-ins of one person (identity, any school) from one
  // address; of one person from every address but those they signed in from (NIST SP 800-63B
  // 5.2.2: at most 100 consecutive failures); and attempts from one address, whatever the person.
  signInPerAccountAddress: { limit: 10, windowSeconds: 900 },
  signInPerAccount: { limit: 100, windowSeconds: 86_400 },
  signInPerAddress: { limit: 50, windowSeconds: 900 },
  // /auth.md "Rate limits": "Forgot password?" requests, per network address as sign-in attempts,
  // and the mails one identity may be sent (past it the answer is the same, nothing more is mailed).
  passwordResetPerAddress: { limit: 50, windowSeconds: 900 },
  passwordResetPerAccount: { limit: 5, windowSeconds: 3600 },
  // Failed client authentication at the token, revocation and introspection endpoints, per client_id and address.
  clientAuthFailuresPerClientAddress: { limit: 20, windowSeconds: 900 },
  tokenPerClient: { limit: 600, windowSeconds: 60 },
  registrationPerAddress: { limit: 20, windowSeconds: 3600 },
  metadataFetchPerHost: { limit: 30, windowSeconds: 60 },
  mcpToolCallsPerToken: { limit: 120, windowSeconds: 60 },
  // /webhooks.md "Limits": each of these makes the service send signed requests to a receiver, so
  // one token cannot turn the school into a cannon; per endpoint, counted wherever the call is made.
  webhookRedeliveriesPerEndpoint: { limit: 60, windowSeconds: 60 },
  webhookTestEventsPerEndpoint: { limit: 10, windowSeconds: 60 },
  webhookSecretRotationsPerEndpoint: { limit: 10, windowSeconds: 3600 },
  // A recovery may queue up to a thousand deliveries at once (services/webhooks/recovery.ts).
  webhookRecoveriesPerEndpoint: { limit: 10, windowSeconds: 3600 },
} as const satisfies Record<string, RatePolicy>;
