// SQL for /pricing.md: what anyone may buy at a school, with prices — published public courses,
// active visible membership plans (with how many courses they include), published digital
// products and upcoming published events with seats left. One query each, bounded.
import { sql } from 'kysely';
import type { Db } from '../database.ts';

const LIMIT = 200;

export async function listPricedCourses(db: Db, siteId: string) {
  return db
    .selectFrom('courses')
    .select(['title', 'slug', 'price_amount', 'currency', 'access_days'])
    .where('site_id', '=', siteId)
    .where('status', '=', 'published')
    .where('visibility', '=', 'public')
    .orderBy('title')
    .limit(LIMIT)
    .execute();
}

export async function listPricedPlans(db: Db, siteId: string) {
  return db
    .selectFrom('membership_plans as p')
    .select([
      'p.name',
      'p.slug',
      'p.price_amount',
      'p.currency',
      'p.billing_interval',
      'p.interval_count',
      'p.trial_days',
    ])
    .select((eb) =>
      eb
        .selectFrom('membership_plan_courses as pc')
        .whereRef('pc.plan_id', '=', 'p.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('course_count'),
    )
    .where('p.site_id', '=', siteId)
    .where('p.status', '=', 'active')
    .where('p.visible', '=', true)
    .orderBy('p.price_amount')
    .limit(LIMIT)
    .execute();
}

export async function listPricedProducts(db: Db, siteId: string) {
  return db
    .selectFrom('digital_products')
    .select(['name', 'slug', 'price_amount', 'currency'])
    .where('site_id', '=', siteId)
    .where('status', '=', 'published')
    .orderBy('name')
    .limit(LIMIT)
    .execute();
}

export async function listPricedEvents(db: Db, siteId: string, now: Date) {
  return db
    .selectFrom('events as e')
    .select(['e.title', 'e.slug', 'e.starts_at', 'e.price_amount', 'e.currency', 'e.capacity'])
    .select((eb) =>
      eb
        .selectFrom('event_registrations as r')
        .whereRef('r.event_id', '=', 'e.id')
        .where('r.status', '!=', 'cancelled')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('registered'),
    )
    .where('e.site_id', '=', siteId)
    .where('e.status', '=', 'published')
    .where('e.starts_at', '>', now)
    .orderBy('e.starts_at')
    .limit(LIMIT)
    .execute();
}
