// SQL for event registrations, each read with the person's e-mail and name. Scoped by site_id and
// by event: a registration id under another event (or school) is as absent as a made-up one.
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../database.ts';
import type { EventRegistrationsTable, RegistrationStatus } from '../schema.ts';
import { keyset, sortColumn, type KeysetPage, type Sortable } from '../pagination/keyset.ts';

export type RegistrationRow = Selectable<EventRegistrationsTable> & { email: string; name: string | null };

export const REGISTRATION_SORTS: Sortable = { registered_at: 'time' };

function selectRegistrations(db: Db, siteId: string, eventId: string) {
  return db
    .selectFrom('event_registrations as r')
    .innerJoin('people as p', 'p.id', 'r.person_id')
    .selectAll('r')
    .select(['p.email', 'p.name'])
    .where('r.site_id', '=', siteId)
    .where('r.event_id', '=', eventId);
}

export async function listRegistrations(
  db: Db,
  siteId: string,
  eventId: string,
  window: KeysetPage,
  status?: RegistrationStatus,
): Promise<Array<RegistrationRow & { sort_key: string | number }>> {
  const { value, orderBy, after } = keyset(sortColumn(REGISTRATION_SORTS, window.sort, 'r'), 'r.id', window);
  let q = selectRegistrations(db, siteId, eventId).select(value.as('sort_key'));
  if (status) q = q.where('r.status', '=', status);
  if (after) q = q.where(after);
  return q
    .orderBy(orderBy)
    .limit(window.limit + 1)
    .execute();
}

export async function findRegistration(
  db: Db,
  siteId: string,
  eventId: string,
  id: string,
): Promise<RegistrationRow | undefined> {
  return selectRegistrations(db, siteId, eventId).where('r.id', '=', id).executeTakeFirst();
}

export async function findRegistrationOf(
  db: Db,
  siteId: string,
  eventId: string,
  personId: string,
): Promise<RegistrationRow | undefined> {
  return selectRegistrations(db, siteId, eventId).where('r.person_id', '=', personId).executeTakeFirst();
}

export async function insertRegistration(db: Db, siteId: string, eventId: string, personId: string): Promise<string> {
  const row = await db
    .insertInto('event_registrations')
    .values({ site_id: siteId, event_id: eventId, person_id: personId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Moves a registration out of one of the `from` states, in one conditional statement: of concurrent
 * moves one changes it (and announces it).
 * @returns whether this call changed it
 */
export async function updateRegistration(
  db: Db,
  siteId: string,
  id: string,
  from: readonly RegistrationStatus[],
  changes: Updateable<EventRegistrationsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('event_registrations')
    .set(changes)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
