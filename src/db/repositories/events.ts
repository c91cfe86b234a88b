// SQL for the admin API's events, each read with its registration counts. Every statement is
// scoped by site_id: another school's event is as absent as one that never existed (OpenAPI response NotFound).
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../database.ts';
import type { EventStatus, EventsTable } from '../schema.ts';
import { keyset, sortColumn, type KeysetPage, type Sortable } from '../pagination/keyset.ts';
import { likePattern } from './sql-helpers.ts';

export type EventRow = Selectable<EventsTable> & { registered_count: number; attended_count: number };

export const EVENT_SORTS: Sortable = { starts_at: 'time', created_at: 'time', title: 'text' };

export type EventFilters = {
  status?: EventStatus | undefined;
  search?: string | undefined;
  startsAfter?: string | undefined;
  startsBefore?: string | undefined;
  courseId?: string | undefined;
};

const countOf = (status: 'registered' | 'attended') =>
  sql<number>`(select count(*) from event_registrations r where r.event_id = events.id and r.status = ${status})::int`;

function selectEvents(db: Db, siteId: string) {
  return db
    .selectFrom('events')
    .selectAll('events')
    .select([countOf('registered').as('registered_count'), countOf('attended').as('attended_count')])
    .where('events.site_id', '=', siteId);
}

export async function listEvents(
  db: Db,
  siteId: string,
  window: KeysetPage,
  filters: EventFilters,
): Promise<Array<EventRow & { sort_key: string | number }>> {
  const { value, orderBy, after } = keyset(sortColumn(EVENT_SORTS, window.sort, 'events'), 'events.id', window);
  let q = selectEvents(db, siteId).select(value.as('sort_key'));
  if (filters.status) q = q.where('status', '=', filters.status);
  if (filters.courseId) q = q.where('course_id', '=', filters.courseId);
  if (filters.startsAfter) q = q.where('starts_at', '>=', new Date(filters.startsAfter));
  if (filters.startsBefore) q = q.where('starts_at', '<', new Date(filters.startsBefore));
  if (filters.search) {
    const pattern = likePattern(filters.search);
    q = q.where((eb) =>
      eb.or([eb('title', 'ilike', pattern), eb('slug', 'ilike', pattern), eb('location', 'ilike', pattern)]),
    );
  }
  if (after) q = q.where(after);
  return q
    .orderBy(orderBy)
    .limit(window.limit + 1)
    .execute();
}

export async function findEvent(db: Db, siteId: string, id: string): Promise<EventRow | undefined> {
  return selectEvents(db, siteId).where('events.id', '=', id).executeTakeFirst();
}

/**
 * Takes the event's row lock, so seat counting and registering are one step (capacity). Counts
 * must be read after it, in a later statement: under READ COMMITTED that one sees the
 * registrations the previous holder of the lock committed.
 */
export async function lockEvent(trx: Db, siteId: string, id: string): Promise<boolean> {
  const row = await trx
    .selectFrom('events')
    .select('id')
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertEvent(db: Db, event: Insertable<EventsTable>): Promise<string> {
  const row = await db.insertInto('events').values(event).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEvent(
  db: Db,
  siteId: string,
  id: string,
  changes: Updateable<EventsTable>,
  /** Only from these statuses: a status change is one conditional statement, so concurrent ones cannot undo each other. */
  from?: readonly EventStatus[],
): Promise<boolean> {
  const result = await db
    .updateTable('events')
    .set(changes)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .$if(from !== undefined, (q) => q.where('status', 'in', from!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes an event nobody registered for; false when it has registrations (or is not there). */
export async function deleteUnregisteredEvent(db: Db, siteId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('events')
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('event_registrations').select('id').whereRef('event_registrations.event_id', '=', 'events.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
