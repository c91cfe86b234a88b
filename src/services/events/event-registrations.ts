// Rules of event registrations (OpenAPI tag Events: attendee states registered / attended /
// cancelled, Loopwise's vocabulary). Registering is idempotent and counts seats under the event's
// row lock, so two registrations for the last seat cannot both succeed (409 for the second).
// Only people with a role at the school can be registered; a cancelled event takes nobody.
import type { Db } from '../../db/database.ts';
import { lockEvent, findEvent } from '../../db/repositories/events.ts';
import * as repo from '../../db/repositories/event-registrations.ts';
import type { RegistrationRow } from '../../db/repositories/event-registrations.ts';
import { listRolesAtSite } from '../../db/repositories/people.ts';
import type { RegistrationStatus } from '../../db/schema.ts';
import { NotFound, Conflict, RuleViolation } from '../errors.ts';
import { toIso } from '../../lib/time.ts';
import type { Site } from '../school/sites.ts';
import { eventMissing } from './events.ts';
import { listWindow, pageOf, type ListQuery } from '../list-window.ts';
import { recordEvent } from '../webhooks/outbox.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

const missing = () => new NotFound('No registration with that id for this event.');

export function toRegistration(row: RegistrationRow) {
  return {
    id: row.id,
    event_id: row.event_id,
    person: { id: row.person_id, email: row.email, name: row.name },
    status: row.status,
    registered_at: toIso(row.registered_at)!,
    cancelled_at: toIso(row.cancelled_at),
    updated_at: toIso(row.updated_at)!,
  };
}

/**
 * Webhooks event_registration.created and event_registration.cancelled, whoever made the change
 * (this API, the member data API, MCP): the registration in the admin API's shape, in `trx`.
 */
export async function recordRegistrationEvent(
  trx: Db,
  siteId: string,
  eventId: string,
  registrationId: string,
  type: 'event_registration.created' | 'event_registration.cancelled',
): Promise<void> {
  const row = await repo.findRegistration(trx, siteId, eventId, registrationId);
  if (row) await recordEvent(trx, siteId, type, toRegistration(row));
}

export function createEventRegistrationAdmin(db: Db, cursors: CursorCodec) {
  async function mustFind(site: Site, eventId: string, id: string): Promise<RegistrationRow> {
    const row = await repo.findRegistration(db, site.id, eventId, id);
    if (!row) throw missing();
    return row;
  }

  /** Moves a registration to `status` unless it is there already; `from` lists the states it may leave. */
  async function move(
    site: Site,
    eventId: string,
    id: string,
    status: 'cancelled' | 'attended',
    from: RegistrationStatus[],
    why: string,
  ) {
    const registration = await mustFind(site, eventId, id);
    if (registration.status === status) return toRegistration(registration);
    if (!from.includes(registration.status)) throw new RuleViolation(why);
    return db.transaction().execute(async (trx) => {
      const moved = await repo.updateRegistration(trx, site.id, id, from, {
        status,
        cancelled_at: status === 'cancelled' ? new Date() : null,
      });
      if (moved && status === 'cancelled')
        await recordRegistrationEvent(trx, site.id, eventId, id, 'event_registration.cancelled');
      return toRegistration((await repo.findRegistration(trx, site.id, eventId, id))!);
    });
  }

  return {
    async list(site: Site, eventId: string, query: ListQuery & { status?: RegistrationStatus }) {
      if (!(await findEvent(db, site.id, eventId))) throw eventMissing();
      const window = listWindow(
        cursors,
        'event-registrations',
        { ...query, sort: 'registered_at' },
        repo.REGISTRATION_SORTS,
        'registered_at',
      );
      return pageOf(
        await repo.listRegistrations(db, site.id, eventId, window, query.status),
        window,
        (row) => row.sort_key,
        toRegistration,
      );
    },

    /** @returns created: false when the person was already registered (or attended) */
    async register(
      site: Site,
      eventId: string,
      personId: string,
    ): Promise<{ created: boolean; registration: ReturnType<typeof toRegistration> }> {
      return db.transaction().execute(async (trx) => {
        if (!(await lockEvent(trx, site.id, eventId))) throw eventMissing();
        const event = (await findEvent(trx, site.id, eventId))!;
        const existing = await repo.findRegistrationOf(trx, site.id, eventId, personId);
        if (existing && existing.status !== 'cancelled')
          return { created: false, registration: toRegistration(existing) };
        if (event.status === 'cancelled')
          throw new RuleViolation('This event is cancelled and takes no registrations.');
        if (!existing && (await listRolesAtSite(trx, site.id, personId)).length === 0)
          throw RuleViolation.at('/body/person_id', 'is not a person with a role at this school');
        if (event.capacity !== null && event.registered_count + event.attended_count >= event.capacity)
          throw new Conflict('This event is full.');
        const id = existing?.id ?? (await repo.insertRegistration(trx, site.id, eventId, personId));
        // A cancelled registration is taken up again rather than duplicated (one per person and event).
        if (existing)
          await repo.updateRegistration(trx, site.id, id, ['cancelled'], {
            status: 'registered',
            registered_at: new Date(),
            cancelled_at: null,
          });
        await recordRegistrationEvent(trx, site.id, eventId, id, 'event_registration.created');
        return {
          created: true,
          registration: toRegistration((await repo.findRegistration(trx, site.id, eventId, id))!),
        };
      });
    },

    cancel: (site: Site, eventId: string, id: string) =>
      move(
        site,
        eventId,
        id,
        'cancelled',
        ['registered'],
        'Someone who attended cannot have their registration cancelled.',
      ),
    attend: (site: Site, eventId: string, id: string) =>
      move(
        site,
        eventId,
        id,
        'attended',
        ['registered'],
        'A cancelled registration must be registered again before check-in.',
      ),
  };
}

export type EventRegistrationAdmin = ReturnType<typeof createEventRegistrationAdmin>;
