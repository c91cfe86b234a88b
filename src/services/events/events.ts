// Rules of the admin API's events (OpenAPI tag Events): drafts by default,
// explicit publish and cancel, slugs unique per school, an end not before the start, a known time
// zone (the school's by default), capacity never below the seats already taken, and deletion only
// while nobody registered (cancel instead, so registrants can be told).
import type { Db } from '../../db/database.ts';
import { findCourse } from '../../db/repositories/courses.ts';
import * as repo from '../../db/repositories/events.ts';
import type { EventRow } from '../../db/repositories/events.ts';
import { getSchoolSettings } from '../../db/repositories/school-settings.ts';
import type { EventStatus } from '../../db/schema.ts';
import { mapIntegrityError } from '../integrity-errors.ts';
import { NotFound, Conflict, RuleViolation } from '../errors.ts';
import { slugify } from '../../lib/slug.ts';
import { toIso } from '../../lib/time.ts';
import type { Site } from '../school/sites.ts';
import { eventFields, priceOf, seatsLeft } from '../row-fields.ts';
import { withSanitizedHtml } from '../../lib/rich-text.ts';
import { canonicalTimeZone } from '../time-zones.ts';
import { listWindow, pageOf, type ListQuery } from '../list-window.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

export type EventInput = {
  title?: string;
  slug?: string;
  description?: string | null;
  starts_at?: string;
  ends_at?: string;
  timezone?: string;
  location?: string | null;
  online_url?: string | null;
  capacity?: number | null;
  price?: { amount: number; currency: string };
  course_id?: string | null;
};

export type EventListQuery = ListQuery & {
  q?: string;
  status?: EventStatus;
  starts_after?: string;
  starts_before?: string;
  course_id?: string;
};

const UNIQUE_FIELDS = { events_site_id_slug_key: 'slug' };
export const eventMissing = () => new NotFound('No event with that id at this school.');

export function toEvent(row: EventRow) {
  return {
    ...eventFields(row),
    online_url: row.online_url,
    capacity: row.capacity,
    price: priceOf(row),
    status: row.status,
    course_id: row.course_id,
    registered_count: row.registered_count,
    attended_count: row.attended_count,
    seats_left: seatsLeft(row.capacity, row.registered_count + row.attended_count),
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

export function createEventAdmin(db: Db, cursors: CursorCodec) {
  async function mustFind(site: Site, id: string): Promise<EventRow> {
    const row = await repo.findEvent(db, site.id, id);
    if (!row) throw eventMissing();
    return row;
  }

  /**
   * Checks the input against the rules, given the event as it is (for a change) or nothing (new).
   * @param exec the caller's transaction when there is one: a lookup on the outer `db` inside it
   *   would wait for a second connection, forever on PGlite's single one (fuzz updateEventDeadlock)
   */
  async function columnsOf(exec: Db, site: Site, input: EventInput, current?: EventRow) {
    // OpenAPI "School text and HTML": the description is school HTML, sanitised on every write (lib/rich-text.ts).
    const { price, timezone, ...rest } = withSanitizedHtml(input, ['description']);
    const startsAt = new Date(input.starts_at ?? current!.starts_at);
    const endsAt = new Date(input.ends_at ?? current!.ends_at);
    if (endsAt < startsAt) throw RuleViolation.at('/body/ends_at', 'must not be before starts_at');
    const taken = current ? current.registered_count + current.attended_count : 0;
    if (input.capacity != null && input.capacity < taken)
      throw RuleViolation.at('/body/capacity', `is below the ${taken} seats already taken`);
    if (input.course_id && !(await findCourse(exec, site.id, input.course_id)))
      throw RuleViolation.at('/body/course_id', 'is not a course of this school');
    return {
      ...rest,
      ...(timezone !== undefined ? { timezone: canonicalTimeZone(timezone, '/body/timezone') } : {}),
      ...(price ? { price_amount: price.amount, currency: price.currency } : {}),
    };
  }

  async function setStatus(site: Site, id: string, status: EventStatus): Promise<ReturnType<typeof toEvent>> {
    const event = await mustFind(site, id);
    if (event.status === status) return toEvent(event);
    if (event.status === 'cancelled')
      throw new RuleViolation('A cancelled event stays cancelled; create a new event instead.');
    // Compare-and-set on the status read: a cancel that landed meanwhile is never undone by a publish.
    const moved = await repo.updateEvent(db, site.id, id, { status }, [event.status]);
    return moved ? toEvent(await mustFind(site, id)) : setStatus(site, id, status);
  }

  return {
    async list(site: Site, query: EventListQuery) {
      const window = listWindow(cursors, 'events', query, repo.EVENT_SORTS, 'starts_at');
      const filters = {
        status: query.status,
        search: query.q,
        startsAfter: query.starts_after,
        startsBefore: query.starts_before,
        courseId: query.course_id,
      };
      return pageOf(await repo.listEvents(db, site.id, window, filters), window, (row) => row.sort_key, toEvent);
    },
    async get(site: Site, id: string) {
      return toEvent(await mustFind(site, id));
    },
    async create(site: Site, input: EventInput & { title: string; starts_at: string; ends_at: string }) {
      const columns = await columnsOf(db, site, input);
      const timezone = columns.timezone ?? (await getSchoolSettings(db, site.id)).timezone;
      const id = await repo
        .insertEvent(db, {
          site_id: site.id,
          currency: site.currency,
          ...columns,
          timezone,
          title: input.title,
          slug: input.slug ?? slugify(input.title),
          starts_at: input.starts_at,
          ends_at: input.ends_at,
        })
        .catch((error: unknown) => mapIntegrityError(error, UNIQUE_FIELDS, 'An event'));
      return toEvent(await mustFind(site, id));
    },
    async update(site: Site, id: string, input: EventInput) {
      // Under the event's lock, as registering is: capacity is checked against settled counts.
      await db.transaction().execute(async (trx) => {
        if (!(await repo.lockEvent(trx, site.id, id))) throw eventMissing();
        const columns = await columnsOf(trx, site, input, await repo.findEvent(trx, site.id, id));
        await repo
          .updateEvent(trx, site.id, id, columns)
          .catch((error: unknown) => mapIntegrityError(error, UNIQUE_FIELDS, 'An event'));
      });
      return toEvent(await mustFind(site, id));
    },
    publish: (site: Site, id: string) => setStatus(site, id, 'published'),
    cancel: (site: Site, id: string) => setStatus(site, id, 'cancelled'),
    async remove(site: Site, id: string): Promise<void> {
      await mustFind(site, id);
      if (!(await repo.deleteUnregisteredEvent(db, site.id, id)))
        throw new Conflict('This event has registrations and cannot be deleted; cancel it instead.');
    },
  };
}

export type EventAdmin = ReturnType<typeof createEventAdmin>;
