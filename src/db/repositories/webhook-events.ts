// SQL of the webhook outbox. An event and its deliveries are written by the caller's transaction,
// the one that makes the change the event describes (a transactional outbox): a change that rolls
// back takes its event with it, and a committed change always has one.
import type { Db } from '../database.ts';
import { hotInsert } from '../hot-queries.ts';

export type NewWebhookEvent = {
  id: string;
  siteId: string;
  type: string;
  version: string;
  payload: string;
  /** The envelope's `created_at`, so that the event log's time ranges read the time receivers see. */
  createdAt: Date;
};

/**
 * Writes the event and one pending delivery for every enabled endpoint of the school subscribed
 * to its type, by name or by a wildcard (fan-out at write time, in the same statement). The event
 * is written whether or not any endpoint subscribes: the event log (listWebhookEvents) and
 * recovery read every event.
 * @returns how many deliveries were queued
 */
export async function insertEventWithDeliveries(
  trx: Db,
  event: NewWebhookEvent,
  /** The `event_types` entries that subscribe to it: its type and the wildcards covering it. */
  selectors: readonly string[],
): Promise<number> {
  const queued = await insertEventStatement(trx, [
    event.id,
    event.siteId,
    event.type,
    event.version,
    event.payload,
    event.createdAt,
    selectors,
  ]);
  return queued.length;
}

// One statement: the event in a data-modifying WITH, which runs whether or not any endpoint
// subscribes, and its deliveries in the statement itself (their foreign key to the event is checked
// at the statement's end, when the event is there). One round trip per event, not two. Every change
// that announces itself sends it, so it is a hot statement (db/hot-queries.ts); the endpoints it
// returns tell this instance's delivery worker whether it has room for them (db/committed-writes.ts,
// services/webhooks/delivery-worker.ts). `?|`: any of the selectors is in the endpoint's list.
const insertEventStatement = hotInsert<{ endpoint_id: string }>(
  'webhook_event_with_deliveries',
  'webhook_deliveries',
  `with event as (
      insert into webhook_events (id, site_id, type, version, payload, created_at)
      values ($1::uuid, $2::uuid, $3::text, $4::text, $5::text, $6::timestamptz)
      returning id)
    insert into webhook_deliveries (site_id, event_id, endpoint_id)
    select $2::uuid, event.id, w.id from webhook_endpoints w, event
    where w.site_id = $2::uuid and w.status = 'enabled' and w.event_types ?| $7::text[]
    returning endpoint_id`,
);

/** Queues one delivery of an existing event to one endpoint (a test event). */
export async function insertDelivery(
  trx: Db,
  delivery: { siteId: string; eventId: string; endpointId: string },
): Promise<string> {
  const row = await trx
    .insertInto('webhook_deliveries')
    .values({ site_id: delivery.siteId, event_id: delivery.eventId, endpoint_id: delivery.endpointId })
    .returning(['id', 'endpoint_id']) // the endpoint, for the delivery worker's wake (db/committed-writes.ts)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** How every event names its school. */
export async function findSchoolOfEvent(
  trx: Db,
  siteId: string,
): Promise<{ id: string; slug: string; name: string; origin: string }> {
  return trx
    .selectFrom('sites')
    .select(['id', 'slug', 'name', 'origin'])
    .where('id', '=', siteId)
    .executeTakeFirstOrThrow();
}

/** The exact body an event's deliveries send. */
export async function findEventPayload(db: Db, siteId: string, eventId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('webhook_events')
    .select('payload')
    .where('site_id', '=', siteId)
    .where('id', '=', eventId)
    .executeTakeFirst();
  return row?.payload;
}
