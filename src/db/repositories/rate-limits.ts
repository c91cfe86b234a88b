// SQL for fixed-window rate-limit counters shared by every instance: one upsert adds one or more hits.
// (rate-limiter-flexible has no driver for embedded PGlite; this is its fixed-window algorithm
// in one statement that runs the same on both.)
import type { Db } from '../database.ts';
import { hotQuery } from '../hot-queries.ts';

const addHits = hotQuery<{ hits: number }>(
  'add_rate_limit_hits',
  `insert into rate_limit_counters (bucket, window_start, hits, expires_at) values ($1, $2, $3, $4)
   on conflict (bucket, window_start) do update set hits = rate_limit_counters.hits + excluded.hits
   returning hits`,
);

/** Adds `count` hits to a bucket's window and answers the window's total after them. */
export async function hitCounter(db: Db, bucket: string, windowStart: Date, expiresAt: Date, count = 1): Promise<number> {
  const [row] = await addHits(db, [bucket, windowStart, count, expiresAt]);
  return row!.hits;
}

export async function resetCounter(db: Db, bucket: string, windowStart: Date): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('bucket', '=', bucket).where('window_start', '=', windowStart).execute();
}
