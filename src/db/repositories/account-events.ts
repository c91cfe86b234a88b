// SQL for a member's own event registrations at one school: the list (one statement per page, the
// event joined in), and the writes behind register and cancel. Filtered by site and person.
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import type { EventStatus, RegistrationStatus } from '../schema.ts';
import { columnKey, keyset, timeText, type KeysetPage } from '../pagination/keyset.ts';

export type AccountRegistrationRow = {
  id: string;
  status: RegistrationStatus;
  registered_at: Date;
  event_id: string;
  event_title: string;
  starts_at: Date;
  ends_at: Date;
  location: string | null;
  online_url: string | null;
  sort_key: string;
};

function registrations(db: Db, siteId: string, personId: string) {
  return db
    .selectFrom('event_registrations as r')
    .innerJoin('events as ev', (join) => join.onRef('ev.id', '=', 'r.event_id').onRef('ev.site_id', '=', 'r.site_id'))
    .select([
      'r.id',
      'r.status',
      'r.registered_at',
      'ev.id as event_id',
      'ev.title as event_title',
      'ev.starts_at',
      'ev.ends_at',
      'ev.location',
      'ev.online_url',
      timeText('ev.starts_at').as('sort_key'),
    ])
    .where('r.site_id', '=', siteId)
    .where('r.person_id', '=', personId);
}

/** By event start, earliest first (the SDL's order), `limit` rows between the keys, from the end when paging backward. */
export async function listEventRegistrations(
  db: Db,
  siteId: string,
  personId: string,
  page: KeysetPage,
): Promise<AccountRegistrationRow[]> {
  let query = registrations(db, siteId, personId);
  const keyed = keyset(columnKey('ev.starts_at', 'time'), 'r.id', page);
  if (keyed.after) query = query.where(keyed.after);
  if (keyed.before) query = query.where(keyed.before);
  return query
    .orderBy(keyed.orderBy)
    .limit(page.limit + 1)
    .execute();
}

export async function countEventRegistrations(db: Db, siteId: string, personId: string): Promise<number> {
  const row = await db
    .selectFrom('event_registrations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('site_id', '=', siteId)
    .where('person_id', '=', personId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findEventRegistration(
  db: Db,
  siteId: string,
  personId: string,
  eventId: string,
): Promise<AccountRegistrationRow | undefined> {
  return registrations(db, siteId, personId).where('r.event_id', '=', eventId).executeTakeFirst();
}

export type RegistrableEventRow = {
  id: string;
  status: EventStatus;
  starts_at: Date;
  capacity: number | null;
  price_amount: number;
};

/** The event row, locked until the transaction ends so that two registrations cannot both take the last seat. */
export async function lockEvent(db: Db, siteId: string, eventId: string): Promise<RegistrableEventRow | undefined> {
  return db
    .selectFrom('events')
    .select(['id', 'status', 'starts_at', 'capacity', 'price_amount'])
    .where('site_id', '=', siteId)
    .where('id', '=', eventId)
    .forUpdate()
    .executeTakeFirst();
}

/** Seats taken (registered or attended) and whether this person holds a paid ticket for the event. */
export async function findSeatState(
  db: Db,
  siteId: string,
  personId: string,
  eventId: string,
): Promise<{ taken: number; paid: boolean }> {
  const row = await db
    .selectNoFrom([
      sql<number>`(select count(*) from event_registrations r
        where r.site_id = ${siteId} and r.event_id = ${eventId} and r.status in ('registered', 'attended'))`.as(
        'taken',
      ),
      sql<boolean>`exists (select 1 from order_items i join orders o on o.id = i.order_id and o.site_id = i.site_id
        where o.site_id = ${siteId} and o.person_id = ${personId} and o.status = 'paid' and i.item_type = 'event' and i.item_id = ${eventId})`.as(
        'paid',
      ),
    ])
    .executeTakeFirstOrThrow();
  return { taken: Number(row.taken), paid: row.paid };
}

/** Registers, or registers again after a cancellation (one row per event and person). */
export async function upsertRegistration(db: Db, siteId: string, personId: string, eventId: string): Promise<void> {
  await db
    .insertInto('event_registrations')
    .values({ site_id: siteId, person_id: personId, event_id: eventId, status: 'registered' })
    .onConflict((oc) =>
      oc
        .columns(['event_id', 'person_id'])
        .doUpdateSet({
          status: 'registered',
          cancelled_at: null,
          registered_at: sql<Date>`now()`,
          updated_at: sql<Date>`now()`,
        })
        .where('event_registrations.site_id', '=', siteId)
        .where('event_registrations.status', '=', 'cancelled'),
    )
    .execute();
}

/** @returns whether this call cancelled it: of concurrent cancels one does (and announces it) */
export async function cancelRegistration(db: Db, siteId: string, personId: string, eventId: string): Promise<boolean> {
  const result = await db
    .updateTable('event_registrations')
    .set({ status: 'cancelled', cancelled_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('site_id', '=', siteId)
    .where('person_id', '=', personId)
    .where('event_id', '=', eventId)
    .where('status', '=', 'registered')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
