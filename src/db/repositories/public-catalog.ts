// SQL for the public parts of a school beyond its courses: upcoming events, membership plans and
// the school's public profile. Only rows and columns an anonymous visitor may see: published
// events (never their meeting URL, which grants access), active and visible plans, and no
// contact data. The anonymous MCP tools read through these functions.
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { columnKey, keyset, type KeysetPage } from '../pagination/keyset.ts';

export type PublicEventRow = {
  id: string;
  slug: string;
  title: string;
  description: string | null;
  starts_at: Date;
  ends_at: Date;
  timezone: string;
  location: string | null;
  is_online: boolean;
  capacity: number | null;
  taken_seats: number;
  price_amount: number;
  currency: string;
};

/** Published events starting after `now`, soonest first; the cursor is the last (starts_at, id). */
export async function listUpcomingPublishedEvents(
  db: Db,
  siteId: string,
  page: KeysetPage & { now: Date },
): Promise<Array<PublicEventRow & { sort_key: string | number }>> {
  const keyed = keyset(columnKey('e.starts_at', 'time'), 'e.id', page);
  let query = db
    .selectFrom('events as e')
    .select((eb) => [
      'e.id',
      'e.slug',
      'e.title',
      'e.description',
      'e.starts_at',
      'e.ends_at',
      'e.timezone',
      'e.location',
      sql<boolean>`e.online_url is not null`.as('is_online'),
      'e.capacity',
      // Seats held by anyone not cancelled; a count, never who holds them.
      eb
        .selectFrom('event_registrations as r')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('r.event_id', '=', 'e.id')
        .where('r.status', '!=', 'cancelled')
        .as('taken_seats'),
      'e.price_amount',
      'e.currency',
      keyed.value.as('sort_key'),
    ])
    .where('e.site_id', '=', siteId)
    .where('e.status', '=', 'published')
    .where('e.starts_at', '>', page.now);
  if (keyed.after) query = query.where(keyed.after);
  const rows = await query
    .orderBy(keyed.orderBy)
    .limit(page.limit + 1)
    .execute();
  return rows.map((row) => ({ ...row, taken_seats: Number(row.taken_seats ?? 0) }));
}

export type PublicPlanRow = {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  price_amount: number;
  currency: string;
  billing_interval: string;
  interval_count: number;
  trial_days: number;
};

/** Active, visible plans, cheapest first; the cursor is the last (price_amount, id). */
export async function listVisibleActivePlans(db: Db, siteId: string, page: KeysetPage): Promise<PublicPlanRow[]> {
  const keyed = keyset(columnKey('price_amount', 'integer'), 'id', page);
  let query = db
    .selectFrom('membership_plans')
    .select([
      'id',
      'slug',
      'name',
      'description',
      'price_amount',
      'currency',
      'billing_interval',
      'interval_count',
      'trial_days',
    ])
    .where('site_id', '=', siteId)
    .where('status', '=', 'active')
    .where('visible', '=', true);
  if (keyed.after) query = query.where(keyed.after);
  return query
    .orderBy(keyed.orderBy)
    .limit(page.limit + 1)
    .execute();
}

/** The published, public courses a page of plans includes, in one query for the whole page. */
export async function listPublicCoursesOfPlans(
  db: Db,
  siteId: string,
  planIds: readonly string[],
): Promise<{ plan_id: string; slug: string; title: string }[]> {
  if (planIds.length === 0) return [];
  return db
    .selectFrom('membership_plan_courses as pc')
    .innerJoin('courses as c', 'c.id', 'pc.course_id')
    .select(['pc.plan_id', 'c.slug', 'c.title'])
    .where('pc.plan_id', 'in', planIds)
    .where('c.site_id', '=', siteId)
    .where('c.status', '=', 'published')
    .where('c.visibility', '=', 'public')
    .orderBy('c.title')
    .execute();
}

export type SchoolProfileRow = { timezone: string; logo_url: string | null };

export async function findSchoolProfile(db: Db, siteId: string): Promise<SchoolProfileRow | undefined> {
  return db
    .selectFrom('sites as s')
    .leftJoin('site_appearances as a', 'a.site_id', 's.id')
    .select(['s.timezone', 'a.logo_url'])
    .where('s.id', '=', siteId)
    .executeTakeFirst();
}
