// /webhooks.md "Events and recovery": the school's webhook events as a list, Stripe's events API
// for this service. Every catalogued event is recorded (outbox.ts), kept WEBHOOK_EVENTS_RETENTION_DAYS
// (services/purge-job.ts), and read as its resource is: only the types whose read scope the reader
// holds are listed, and one event of another type is 403 insufficient-scope (getWebhookEvent).
import type { CursorCodec } from '../../db/pagination/cursor.ts';
import { findWebhookEvent, listWebhookEvents } from '../../db/repositories/webhook-event-log.ts';
import type { Db } from '../../db/database.ts';
import { checkCreatedRange } from '../created-range.ts';
import { NotFound } from '../errors.ts';
import { listWindow, pageOf, type ListQuery } from '../list-window.ts';
import type { Site } from '../school/sites.ts';
import { isWebhookEventType, readScopesOf, WEBHOOK_EVENTS, type AnyWebhookEvent } from './catalogue.ts';
import type { ReadAccess } from './endpoints.ts';

export type WebhookEventQuery = ListQuery & {
  type?: string | undefined;
  created_after?: string | undefined;
  created_before?: string | undefined;
};

/** Whether the reader holds `scope` (the admin API: its token; the admin area: the person's roles). */
export type HoldsScope = (scope: string) => boolean;

const DAY_MS = 24 * 3600 * 1000;

/** @param retentionDays WEBHOOK_EVENTS_RETENTION_DAYS: nothing older is read, whatever the purge left. */
export function createWebhookEventLog(db: Db, cursors: CursorCodec, retentionDays: number) {
  const oldest = () => new Date(Date.now() - retentionDays * DAY_MS);

  return {
    async list(site: Site, query: WebhookEventQuery, access: ReadAccess, holds: HoldsScope) {
      checkCreatedRange(query);
      if (query.type !== undefined) access(readScopesOf([query.type]));
      const window = listWindow(cursors, 'webhook-events', query, { created_at: 'time' }, '-created_at');
      const types = WEBHOOK_EVENTS.filter((e) => holds(e.scope) && (query.type ?? e.type) === e.type).map(
        (e) => e.type,
      );
      if (types.length === 0) return { data: [], next_cursor: null };
      const after = query.created_after ? new Date(query.created_after) : undefined;
      const rows = await listWebhookEvents(db, site.id, {
        ...window,
        types,
        createdAfter: after && after > oldest() ? after : oldest(),
        createdBefore: query.created_before ? new Date(query.created_before) : undefined,
      });
      return pageOf(
        rows,
        window,
        (row) => row.created_at_exact,
        (row) => JSON.parse(row.payload) as AnyWebhookEvent,
      );
    },
    async get(site: Site, id: string, access: ReadAccess): Promise<AnyWebhookEvent> {
      const row = await findWebhookEvent(db, site.id, id, oldest());
      // A test event is not a school event: it is read through its delivery (getWebhookDelivery).
      if (!row || !isWebhookEventType(row.type)) throw new NotFound('No webhook event with that id at this school.');
      access(readScopesOf([row.type]));
      return JSON.parse(row.payload) as AnyWebhookEvent;
    },
  };
}

export type WebhookEventLog = ReturnType<typeof createWebhookEventLog>;
