// SQL of the webhook event log (listWebhookEvents, getWebhookEvent) and of recovering an endpoint
// from it (recoverWebhookEndpoint): the events a school recorded, read by type and time, and the
// ones an endpoint has neither received nor is waiting for.
import type { Db } from '../database.ts';
import type { Keyset } from '../pagination/cursor.ts';
import { columnKey, keyset, timeText, type SortSpec } from '../pagination/keyset.ts';

export type WebhookEventLogRow = { id: string; type: string; payload: string; created_at_exact: string };

export type EventLogQuery = {
  limit: number;
  after: Keyset | null;
  sort: SortSpec;
  /** The types the reader may see (never empty: the caller answers an empty page itself). */
  types: readonly string[];
  /** Nothing older is listed: the retention, or `created_after` when later. */
  createdAfter: Date;
  createdBefore?: Date | undefined;
};

/** One page (and one row more) of the school's events of `types`, newest first. */
export async function listWebhookEvents(db: Db, siteId: string, query: EventLogQuery): Promise<WebhookEventLogRow[]> {
  const page = keyset(columnKey('created_at', 'time'), 'id', query);
  let q = db
    .selectFrom('webhook_events')
    .select(['id', 'type', 'payload', timeText('created_at').as('created_at_exact')])
    .where('site_id', '=', siteId)
    .where('type', 'in', query.types)
    .where('created_at', '>=', query.createdAfter);
  if (query.createdBefore) q = q.where('created_at', '<', query.createdBefore);
  if (page.after) q = q.where(page.after);
  return q
    .orderBy(page.orderBy)
    .limit(query.limit + 1)
    .execute();
}

/** One event of the school, recorded at or after `since` (the retention). */
export async function findWebhookEvent(
  db: Db,
  siteId: string,
  id: string,
  since: Date,
): Promise<{ type: string; payload: string } | undefined> {
  return db
    .selectFrom('webhook_events')
    .select(['type', 'payload'])
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .where('created_at', '>=', since)
    .executeTakeFirst();
}

/**
 * Queues, oldest first, up to `limit` events of `types` in [since, until) that the endpoint has
 * neither received nor is waiting for: one statement, run under the endpoint's row lock so two
 * recoveries at once cannot both queue the same event.
 * @returns how many were queued, and whether the range held more
 */
export async function queueMissedEvents(
  trx: Db,
  target: { siteId: string; endpointId: string; types: readonly string[]; since: Date; until: Date; limit: number },
): Promise<{ queued: number; more: boolean }> {
  const missed = await trx
    .selectFrom('webhook_events as e')
    .select('e.id')
    .where('e.site_id', '=', target.siteId)
    .where('e.type', 'in', target.types)
    .where('e.created_at', '>=', target.since)
    .where('e.created_at', '<', target.until)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('webhook_deliveries as d')
            .select('d.id')
            .whereRef('d.event_id', '=', 'e.id')
            .where('d.endpoint_id', '=', target.endpointId)
            .where('d.status', 'in', ['pending', 'succeeded']),
        ),
      ),
    )
    .orderBy('e.created_at')
    .orderBy('e.id')
    .limit(target.limit + 1)
    .execute();
  const ids = missed.slice(0, target.limit).map((row) => row.id);
  if (ids.length > 0)
    await trx
      .insertInto('webhook_deliveries')
      .values(ids.map((id) => ({ site_id: target.siteId, event_id: id, endpoint_id: target.endpointId })))
      .returning('endpoint_id') // for the delivery worker's wake (db/committed-writes.ts)
      .execute();
  return { queued: ids.length, more: missed.length > target.limit };
}
