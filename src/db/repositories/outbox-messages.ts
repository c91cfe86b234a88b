// The outbox's SQL (migration 2026-12-06T0301-outbox-messages): the insert a change makes in its own
// transaction, the claim of due rows, and the three ends of an attempt (sent, tried again, given up).
import { sql } from 'kysely';
import type { Db } from '../database.ts';

export type ClaimedOutboxMessage = {
  id: string;
  site_id: string;
  kind: string;
  payload: unknown;
  /** Counting the attempt this claim starts. */
  attempts: number;
};

export async function insertOutboxMessage(
  db: Db,
  message: { siteId: string; kind: string; payload: unknown },
): Promise<string> {
  const row = await db
    .insertInto('outbox_messages')
    .values({ site_id: message.siteId, kind: message.kind, payload: JSON.stringify(message.payload) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Due rows (not sent, not given up, due, unclaimed or whose claim ran out) of the given kinds, oldest
 * due first, each leased for `leaseMs` with its attempt counted. SKIP LOCKED: two workers polling at
 * once (two instances, or cluster workers) take different rows instead of waiting for each other.
 */
export async function claimDueOutboxMessages(
  db: Db,
  options: { kinds: readonly string[]; limit: number; leaseMs: number },
): Promise<ClaimedOutboxMessage[]> {
  if (options.kinds.length === 0) return [];
  const { rows } = await sql<ClaimedOutboxMessage>`
    with chosen as (
      select o.id from outbox_messages o
      where o.sent_at is null and o.failed_at is null and o.next_attempt_at <= now()
        and (o.locked_until is null or o.locked_until < now())
        and o.kind in (${sql.join(options.kinds)})
      order by o.next_attempt_at
      limit ${options.limit}
      for update skip locked
    )
    update outbox_messages o
    set locked_until = now() + make_interval(secs => ${options.leaseMs / 1000}), attempts = o.attempts + 1
    from chosen
    where o.id = chosen.id
    returning o.id, o.site_id, o.kind, o.payload, o.attempts
  `.execute(db);
  return rows;
}

// Once a message is done, sent or given up, what it carried is no longer needed: it is cleared, so a
// link or address in it does not outlive its use in the database.
const CLEARED = '{}';

export async function markOutboxMessageSent(db: Db, id: string): Promise<void> {
  await db
    .updateTable('outbox_messages')
    .set({ sent_at: sql`now()`, locked_until: null, last_error: null, payload: CLEARED })
    .where('id', '=', id)
    .execute();
}

/** Due again `retryInMs` from now on the database's clock, the clock the claim compares with. */
export async function rescheduleOutboxMessage(db: Db, id: string, retryInMs: number, error: string): Promise<void> {
  await db
    .updateTable('outbox_messages')
    .set({
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryInMs / 1000})`,
      locked_until: null,
      last_error: error,
    })
    .where('id', '=', id)
    .execute();
}

export async function markOutboxMessageFailed(db: Db, id: string, error: string): Promise<void> {
  await db
    .updateTable('outbox_messages')
    .set({ failed_at: sql`now()`, locked_until: null, last_error: error, payload: CLEARED })
    .where('id', '=', id)
    .execute();
}
