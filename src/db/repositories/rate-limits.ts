// SQL for fixed-window rate-limit counters shared by every instance: one upsert per hit.
// (rate-limiter-flexible has no driver for embedded PGlite; this is its fixed-window algorithm
// in one statement that runs the same on both.)
import { sql } from 'kysely';
import type { Db } from '../database.ts';

export async function hitCounter(db: Db, bucket: string, windowStart: Date, expiresAt: Date): Promise<number> {
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ bucket, window_start: windowStart, hits: 1, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql<number>`rate_limit_counters.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  return row.hits;
}

export async function resetCounter(db: Db, bucket: string, windowStart: Date): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('bucket', '=', bucket).where('window_start', '=', windowStart).execute();
}
