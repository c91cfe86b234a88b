// /webhooks.md "Events and recovery" (recoverWebhookEndpoint): an endpoint that was disabled,
// failing or not yet created gets the events it missed from the event log, as Svix's "recover"
// does. Bounded twice: the range lies within the retention (what the log still holds) and one call
// queues at most RECOVERY_MAX_EVENTS, oldest first; a second call queues the rest, never an event
// the endpoint has received or is waiting for. Still gated by scope: only the types the endpoint
// subscribes to now (wildcards resolved against the catalogue) that its owner may read now.
import type { Db } from '../../db/database.ts';
import { queueMissedEvents } from '../../db/repositories/webhook-event-log.ts';
import { InvalidInput } from '../errors.ts';
import { typesSelectedBy } from './catalogue.ts';
import { ownerReadableTypes } from './owner-standing.ts';

export const RECOVERY_MAX_EVENTS = 1000;

const DAY_MS = 24 * 3600 * 1000;

export type RecoveryRange = { since: string; until?: string | undefined };

/**
 * The range to recover, `until` now when left out or later.
 * @throws InvalidInput when `since` is past the retention or not before `until`
 */
export function recoveryRange(range: RecoveryRange, retentionDays: number, now = new Date()) {
  const since = new Date(range.since);
  const until = range.until === undefined || new Date(range.until) > now ? now : new Date(range.until);
  // The admin API's schema checks the format; the admin area's form reaches here with what was typed.
  for (const [field, value] of [
    ['since', since],
    ['until', until],
  ] as const)
    if (Number.isNaN(value.getTime()))
      throw new InvalidInput([{ pointer: `/body/${field}`, detail: 'is not a date and time' }]);
  if (since.getTime() < now.getTime() - retentionDays * DAY_MS)
    throw new InvalidInput([
      {
        pointer: '/body/since',
        detail: `must lie within the last ${retentionDays} days, the events' retention (WEBHOOK_EVENTS_RETENTION_DAYS)`,
      },
    ]);
  if (since >= until)
    throw new InvalidInput([
      {
        pointer: range.until === undefined ? '/body/since' : '/body/until',
        detail: 'must be later than since, and since before now',
      },
    ]);
  return { since, until };
}

/** Queues the missed events in `trx`, which holds the endpoint's row lock. */
export async function queueRecovery(
  trx: Db,
  endpoint: { site_id: string; id: string; event_types: string[] },
  range: { since: Date; until: Date },
) {
  const types = await ownerReadableTypes(trx, endpoint.site_id, endpoint.id, typesSelectedBy(endpoint.event_types));
  const { queued, more } =
    types.length === 0
      ? { queued: 0, more: false }
      : await queueMissedEvents(trx, {
          siteId: endpoint.site_id,
          endpointId: endpoint.id,
          types,
          ...range,
          limit: RECOVERY_MAX_EVENTS,
        });
  return { queued, more, since: range.since.toISOString(), until: range.until.toISOString() };
}
