// Event registration rules of the member data API (services/people/own-data.ts exposes them). Both writes
// are idempotent: registering twice returns the same registration, cancelling twice the same
// cancellation. Each runs in one transaction with the event row locked, so the last seat of a
// capped event goes to one person only.
import type { Db } from '../../db/database.ts';
import {
  cancelRegistration,
  findEventRegistration,
  findSeatState,
  lockEvent,
  upsertRegistration,
  type AccountRegistrationRow,
} from '../../db/repositories/account-events.ts';
import type { RegistrationStatus } from '../../db/schema.ts';
import { toIso } from '../../lib/time.ts';
import { AccountInputError, requireId } from '../people/own-data-pages.ts';
import { recordRegistrationEvent } from './event-registrations.ts';

export type EventRegistration = {
  id: string;
  status: RegistrationStatus;
  registeredAt: string;
  event: {
    id: string;
    title: string;
    startsAt: string;
    endsAt: string;
    location: string | null;
    onlineUrl: string | null;
  };
};

export function toEventRegistration(row: AccountRegistrationRow): EventRegistration {
  return {
    id: row.id,
    status: row.status,
    registeredAt: toIso(row.registered_at) ?? '',
    event: {
      id: row.event_id,
      title: row.event_title,
      startsAt: toIso(row.starts_at) ?? '',
      endsAt: toIso(row.ends_at) ?? '',
      location: row.location,
      onlineUrl: row.online_url,
    },
  };
}

const unknownEvent = () =>
  new AccountInputError('NOT_FOUND', 'No published upcoming event with this id at this school.', 'eventId');

/** Published, upcoming, with a free seat, and free of charge unless the person bought a ticket. */
export async function registerForEvent(
  db: Db,
  siteId: string,
  personId: string,
  eventId: string,
): Promise<EventRegistration> {
  const id = requireId(eventId, 'eventId', 'published upcoming event');
  return db.transaction().execute(async (trx) => {
    // Drafts and cancelled events are as unknown as a made-up id: their existence is not public.
    const event = await lockEvent(trx, siteId, id);
    if (!event || event.status !== 'published') throw unknownEvent();
    const existing = await findEventRegistration(trx, siteId, personId, id);
    if (existing && existing.status !== 'cancelled') return toEventRegistration(existing);
    if (event.starts_at.getTime() <= Date.now())
      throw new AccountInputError('INVALID_INPUT', 'The event has already started.', 'eventId');
    const seats = await findSeatState(trx, siteId, personId, id);
    // A paid event is entered with a ticket bought through an order, never by registering alone.
    if (event.price_amount > 0 && !seats.paid)
      throw new AccountInputError('INVALID_INPUT', 'This event is paid: buy a ticket to register.', 'eventId');
    if (event.capacity !== null && seats.taken >= event.capacity)
      throw new AccountInputError('INVALID_INPUT', 'The event is full.', 'eventId');
    await upsertRegistration(trx, siteId, personId, id);
    const registration = await getRegistration(trx, siteId, personId, id);
    await recordRegistrationEvent(trx, siteId, id, registration.id, 'event_registration.created');
    return toEventRegistration(registration);
  });
}

/** Why a member may not cancel this registration (a cancelled one has nothing left to cancel). */
export type CancelRefusal = 'cancelled' | 'attended' | 'started';

/** The school's rule: a registration is cancelled by its member only before the event starts, never once attended. */
export function cancelRefusal(
  registration: { status: RegistrationStatus; starts_at: Date },
  now = Date.now(),
): CancelRefusal | undefined {
  if (registration.status === 'cancelled') return 'cancelled';
  if (registration.status === 'attended') return 'attended';
  return registration.starts_at.getTime() <= now ? 'started' : undefined;
}

/** Cancels a registration for an event that has not started; an attended one stays attended. */
export async function cancelEventRegistration(
  db: Db,
  siteId: string,
  personId: string,
  eventId: string,
): Promise<EventRegistration> {
  const id = requireId(eventId, 'eventId', 'registration for this event');
  return db.transaction().execute(async (trx) => {
    const existing = await findEventRegistration(trx, siteId, personId, id);
    if (!existing) throw new AccountInputError('NOT_FOUND', 'You have no registration for this event.', 'eventId');
    const refusal = cancelRefusal(existing);
    if (refusal === 'cancelled') return toEventRegistration(existing);
    if (refusal === 'attended')
      throw new AccountInputError(
        'INVALID_INPUT',
        'You attended this event; the registration cannot be cancelled.',
        'eventId',
      );
    if (refusal === 'started')
      throw new AccountInputError('INVALID_INPUT', 'The event has already started.', 'eventId');
    const cancelled = await cancelRegistration(trx, siteId, personId, id);
    const registration = await getRegistration(trx, siteId, personId, id);
    if (cancelled) await recordRegistrationEvent(trx, siteId, id, registration.id, 'event_registration.cancelled');
    return toEventRegistration(registration);
  });
}

async function getRegistration(
  db: Db,
  siteId: string,
  personId: string,
  eventId: string,
): Promise<AccountRegistrationRow> {
  const row = await findEventRegistration(db, siteId, personId, eventId);
  if (!row) throw new Error('registration vanished inside its own transaction');
  return row;
}
