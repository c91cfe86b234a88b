// SQL of the purge job: rows that can never be used again. Each statement is idempotent, so two
// instances running it at once do no harm (the job also takes an advisory lock to avoid waste).
import { sql } from 'kysely';
import type { Db } from '../database.ts';

export type PurgeCounts = Record<string, number>;

/** Runs fn only if this instance wins the advisory lock; false when another one holds it. */
export async function withPurgeLock(db: Db, fn: (trx: Db) => Promise<PurgeCounts>): Promise<PurgeCounts | false> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_xact_lock(hashtextextended('purge-job', 0)) as locked`.execute(trx);
    if (!rows[0]?.locked) return false;
    return fn(trx);
  });
}

const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

export async function purgeExpired(
  db: Db,
  now: Date,
  retentionMs: number,
  unusedLoopbackMs: number,
): Promise<PurgeCounts> {
  const before = new Date(now.getTime() - retentionMs);
  return {
    authorizationCodes: count(
      await db.deleteFrom('oauth_authorization_codes').where('expires_at', '<', before).executeTakeFirst(),
    ),
    accessTokens: count(await db.deleteFrom('oauth_access_tokens').where('expires_at', '<', before).executeTakeFirst()),
    refreshTokens: count(
      await db.deleteFrom('oauth_refresh_tokens').where('expires_at', '<', before).executeTakeFirst(),
    ),
    sessions: count(await db.deleteFrom('oauth_sessions').where('expires_at', '<', before).executeTakeFirst()),
    rateLimitCounters: count(
      await db.deleteFrom('rate_limit_counters').where('expires_at', '<', now).executeTakeFirst(),
    ),
    // /auth.md "2. Get a client": loopback registrations never used expire and are cleaned up.
    unusedLoopbackClients: count(
      await db
        .deleteFrom('oauth_clients')
        .where('kind', '=', 'loopback')
        .where('last_used_at', 'is', null)
        .where('created_at', '<', new Date(now.getTime() - unusedLoopbackMs))
        .executeTakeFirst(),
    ),
  };
}
