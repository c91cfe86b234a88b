// SQL of the rate limits, shared by every instance through the database; each is one atomic
// statement that runs the same on PostgreSQL and PGlite.
// - Fixed windows (throughput limits: tokens per client, tool calls per token): one row per bucket
//   and window, one upsert adds one or more hits to one or more of them.
// - Token buckets (/auth.md "Rate limits": guessing limits, where a fixed window lets a burst of twice
//   the limit through across each boundary): GCRA, the generic cell rate algorithm (ITU-T I.371),
//   which is a token bucket kept as one timestamp, the "theoretical arrival time" (TAT). A row's
//   window_start is the epoch and expires_at holds the TAT: once it has passed, the bucket is full
//   again and the row means nothing, so the purge job's `expires_at < now` removes it.
//   (rate-limiter-flexible was considered and removed: it only counts points in fixed windows
//   anchored on the first hit, the defect this replaces, and has no store for embedded PGlite.)
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { coalescedRead } from '../coalesced-read.ts';
import { hotQuery } from '../hot-queries.ts';

// Several counters in one statement (the rate limiter's group commit): the rows in key order, so two
// instances' batches lock shared rows in the same order and never deadlock on each other.
const addHitsToMany = hotQuery<{ bucket: string; window_start: Date; hits: number }>(
  'add_rate_limit_hits_to_many',
  `insert into rate_limit_counters (bucket, window_start, hits, expires_at)
   select * from unnest($1::text[], $2::timestamptz[], $3::integer[], $4::timestamptz[]) order by 1, 2
   on conflict (bucket, window_start) do update set hits = rate_limit_counters.hits + excluded.hits
   returning bucket, window_start, hits`,
);

export type CounterHits = { bucket: string; windowStart: Date; expiresAt: Date; count: number };

/**
 * Adds hits to several counters (each bucket and window at most once) in one statement; answers
 * each counter's total after them, keyed by `counterKey`.
 */
export async function hitCounters(db: Db, counters: readonly CounterHits[]): Promise<Map<string, number>> {
  const rows = await addHitsToMany(db, [
    counters.map((c) => c.bucket),
    counters.map((c) => c.windowStart.toISOString()),
    counters.map((c) => c.count),
    counters.map((c) => c.expiresAt.toISOString()),
  ]);
  return new Map(rows.map((row) => [counterKey(row.bucket, new Date(row.window_start)), row.hits]));
}

/** One counter: a bucket's window. */
export function counterKey(bucket: string, windowStart: Date): string {
  return `${bucket}\n${windowStart.getTime()}`;
}

export async function resetCounter(db: Db, bucket: string, windowStart: Date): Promise<void> {
  await db
    .deleteFrom('rate_limit_counters')
    .where('bucket', '=', bucket)
    .where('window_start', '=', windowStart)
    .execute();
}

/** Token-bucket rows carry no window. */
const NO_WINDOW = new Date(0);
const ms = (value: number) => sql`(${value}::double precision * interval '1 millisecond')`;

/**
 * GCRA: takes one token when the bucket has one (the TAT advanced by one emission interval stays
 * within `capacityMs` of now) and answers the new TAT; answers undefined, changing nothing, when
 * the bucket is empty. The conditional upsert holds the row lock, so concurrent takes on one
 * bucket, from any instance, never hand out more tokens than it has.
 */
export async function takeToken(
  db: Db,
  bucket: string,
  now: Date,
  intervalMs: number,
  capacityMs: number,
): Promise<Date | undefined> {
  const next = sql`greatest(rate_limit_counters.expires_at, ${now}) + ${ms(intervalMs)}`;
  const { rows } = await sql<{ tat: Date }>`
    insert into rate_limit_counters (bucket, window_start, hits, expires_at)
    values (${bucket}, ${NO_WINDOW}, 1, ${now}::timestamptz + ${ms(intervalMs)})
    on conflict (bucket, window_start) do update set hits = rate_limit_counters.hits + 1, expires_at = ${next}
    where ${next} <= ${now}::timestamptz + ${ms(capacityMs)}
    returning expires_at as tat`.execute(db);
  return rows[0] ? new Date(rows[0].tat) : undefined;
}

// Read on every token, revocation and introspection request (client-auth-throttle.ts): prepared.
const selectTokenBucket = hotQuery<{ tat: Date }>(
  'token_bucket_tat',
  'select expires_at as tat from rate_limit_counters where bucket = $1 and window_start = $2',
);
// Concurrent peeks at one bucket (every client authentication peeks at its own) share a read.
const bucketTat = coalescedRead(
  (bucket: string) => bucket,
  async (db, bucket: string) => (await selectTokenBucket(db, [bucket, NO_WINDOW]))[0]?.tat,
);

/** The bucket's TAT, or undefined when it is full (no row, or one whose TAT has passed). */
export async function findTokenBucket(db: Db, bucket: string, now: Date): Promise<Date | undefined> {
  const read = await bucketTat(db, bucket);
  const tat = read === undefined ? undefined : new Date(read);
  return tat && tat.getTime() > now.getTime() ? tat : undefined;
}

/** Gives one token back (an attempt that turned out not to count). */
export async function returnToken(db: Db, bucket: string, intervalMs: number): Promise<void> {
  await sql`update rate_limit_counters set expires_at = expires_at - ${ms(intervalMs)} where bucket = ${bucket} and window_start = ${NO_WINDOW}`.execute(
    db,
  );
}

/** Fills the bucket again. */
export async function deleteTokenBucket(db: Db, bucket: string): Promise<void> {
  await db
    .deleteFrom('rate_limit_counters')
    .where('bucket', '=', bucket)
    .where('window_start', '=', NO_WINDOW)
    .execute();
}

/** A remembered fact with an end (a bucket that is "full" until then): e.g. an address a person signed in from. */
export async function rememberUntil(db: Db, bucket: string, until: Date): Promise<void> {
  await sql`
    insert into rate_limit_counters (bucket, window_start, hits, expires_at) values (${bucket}, ${NO_WINDOW}, 0, ${until})
    on conflict (bucket, window_start) do update set expires_at = greatest(rate_limit_counters.expires_at, excluded.expires_at)`.execute(
    db,
  );
}
