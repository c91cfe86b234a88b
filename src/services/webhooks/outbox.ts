// The one way a change announces itself: recordEvent writes the event in the caller's transaction
// (a transactional outbox), beside the change it describes, whether or not anyone subscribes (the
// event log, listWebhookEvents). Deliveries to the school's enabled endpoints subscribed to it, by
// name or wildcard, are queued in the same transaction (fan-out at write time): the receivers are
// those that existed when the change committed; an endpoint created or enabled later gets older
// events only by asking (recoverWebhookEndpoint, recovery.ts), and the worker reads only its own
// queue (webhook_deliveries).
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { findSchoolOfEvent, insertEventWithDeliveries } from '../../db/repositories/webhook-events.ts';
import { isWebhookEventType, selectorsOf, WEBHOOK_PAYLOAD_VERSION, WEBHOOK_TEST_EVENT } from './catalogue.ts';

/** The school as every event names it. */
export type WebhookSchool = { id: string; slug: string; name: string; url: string };

/** The envelope of every event (OpenAPI schema WebhookEvent). */
export type WebhookEnvelope = {
  id: string;
  type: string;
  version: string;
  created_at: string;
  school: WebhookSchool;
  data: unknown;
};

/** What an event needs of its school: the school itself, or its id to read the rest. */
export type EventSite = { id: string; slug: string; name: string; origin: string };

export function envelopeOf(site: EventSite, type: string, data: unknown, now = new Date()): WebhookEnvelope {
  return {
    // UUIDv4 rather than the table's v7: the envelope is written before the row, and the id
    // must be known to both. It is the webhook-id header (Standard Webhooks "Webhook headers").
    id: randomUUID(),
    type,
    version: WEBHOOK_PAYLOAD_VERSION,
    created_at: now.toISOString(),
    school: { id: site.id, slug: site.slug, name: site.name, url: site.origin },
    data,
  };
}

/**
 * Records `type` with `data` (the admin API's shape of the resource) in `trx`.
 * @returns the envelope written
 */
export async function recordEvent(
  trx: Db,
  siteOrId: EventSite | string,
  type: string,
  data: unknown,
): Promise<WebhookEnvelope> {
  if (!isWebhookEventType(type) && type !== WEBHOOK_TEST_EVENT)
    throw new TypeError(`not a catalogued webhook event type: ${type}`);
  const site = typeof siteOrId === 'string' ? await findSchoolOfEvent(trx, siteOrId) : siteOrId;
  const envelope = envelopeOf(site, type, data);
  await insertEventWithDeliveries(
    trx,
    {
      id: envelope.id,
      siteId: site.id,
      type,
      version: envelope.version,
      payload: JSON.stringify(envelope),
      createdAt: new Date(envelope.created_at),
    },
    // A test event goes to the one endpoint that asked for it (endpoints.ts sendTest), never by wildcard.
    type === WEBHOOK_TEST_EVENT ? [type] : selectorsOf(type),
  );
  // The services' database handle wakes their delivery worker on this write (lib/wake-signal.ts).
  return envelope;
}
