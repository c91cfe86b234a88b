// SQL of the purge job: rows that can never be used again, and webhook history past its retention.
// Each statement is idempotent, so two instances running it at once do no harm (the job also takes
// an advisory lock to avoid waste).
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
    // Mailed links (password reset, e-mail changes) past their 30 minutes, used or not: never usable again.
    personLinks: count(await db.deleteFrom('person_links').where('expires_at', '<', before).executeTakeFirst()),
    // Outbox messages sent or given up (their payload already cleared): kept a day for the record, then gone.
    settledOutboxMessages: count(
      await db
        .deleteFrom('outbox_messages')
        .where((eb) => eb.or([eb('sent_at', '<', before), eb('failed_at', '<', before)]))
        .executeTakeFirst(),
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

/** Delivery states after which the worker never touches a delivery again (redelivery aside). */
const SETTLED_DELIVERIES = ['succeeded', 'failed', 'abandoned'] as const;

/**
 * Webhook history last changed before `before`: settled deliveries, then events no delivery
 * refers to any more. A pending delivery (due, or waiting for a retry) is never deleted, so
 * neither is its event: the worker still needs the payload it sends. A redelivery sets
 * `updated_at`, so a delivery sent again recently stays with its event.
 */
export async function purgeWebhookHistory(db: Db, before: Date): Promise<PurgeCounts> {
  const webhookDeliveries = count(
    await db
      .deleteFrom('webhook_deliveries')
      .where('status', 'in', SETTLED_DELIVERIES)
      .where('updated_at', '<', before)
      .executeTakeFirst(),
  );
  const webhookEvents = count(
    await db
      .deleteFrom('webhook_events as e')
      .where('e.created_at', '<', before)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.event_id', '=', 'e.id'))),
      )
      .executeTakeFirst(),
  );
  return { webhookDeliveries, webhookEvents };
}
