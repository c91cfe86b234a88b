import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/password-hash.ts';
import { createDatabase, type Db } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import * as schoolDomain from '../migrations/2026-11-22T0001-school-domain.ts';
import { createScratchPostgresDatabase } from '../testing.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts';
import { seedDemoSchools } from './demo-schools.ts';

const origins = { primary: 'http://localhost:3000', secondary: 'http://second-school.localhost:3000' };

// The tables of the school-domain migration; the demo fills every one of them.
const SCHOOL_TABLES = [
  'sites',
  'people',
  'credentials',
  'site_roles',
  'stored_files',
  'courses',
  'course_sections',
  'lectures',
  'lecturers',
  'course_lecturers',
  'enrollments',
  'lecture_progress',
  'coupons',
  'orders',
  'order_items',
  'events',
  'event_registrations',
  'membership_plans',
  'membership_plan_courses',
  'subscriptions',
  'posts',
  'comments',
  'digital_products',
  'forms',
  'form_submissions',
  'pages',
  'site_appearances',
];

// Child → parent references whose two rows must belong to the same site.
const SAME_SITE: [child: string, column: string, parent: string][] = [
  ['course_sections', 'course_id', 'courses'],
  ['lectures', 'course_id', 'courses'],
  ['lectures', 'section_id', 'course_sections'],
  ['enrollments', 'course_id', 'courses'],
  ['enrollments', 'last_watched_lecture_id', 'lectures'],
  ['lecture_progress', 'enrollment_id', 'enrollments'],
  ['lecture_progress', 'lecture_id', 'lectures'],
  ['orders', 'coupon_id', 'coupons'],
  ['order_items', 'order_id', 'orders'],
  ['event_registrations', 'event_id', 'events'],
  ['subscriptions', 'plan_id', 'membership_plans'],
  ['digital_products', 'file_id', 'stored_files'],
  ['form_submissions', 'form_id', 'forms'],
  ['comments', 'parent_comment_id', 'comments'],
];

async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by table_name`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const result = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(db);
    counts[name] = result.rows[0]?.n ?? -1;
  }
  return counts;
}

function seedSuite(open: () => Promise<{ db: Db; close: () => Promise<void> }>) {
  let db: Db;
  let close: () => Promise<void>;
  let first: { seeded: boolean }[];
  const siteId = async (slug: string) =>
    (await db.selectFrom('sites').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    ({ db, close } = await open());
    await migrateToLatest(db);
    // Two seeders racing on one empty database: exactly one of them seeds.
    first = await Promise.all([seedDemoSchools(db, origins), seedDemoSchools(db, origins)]);
  });
  afterAll(async () => close?.());

  it('seeds once even when two processes start together', () => {
    expect(first.map((r) => r.seeded).sort()).toEqual([false, true]);
  });

  it('creates both schools at their origins with their settings', async () => {
    const sites = await db.selectFrom('sites').selectAll().orderBy('slug').execute();
    expect(sites.map((s) => [s.slug, s.origin, s.currency.trim(), s.locale])).toEqual([
      ['demo-academy', origins.primary, 'USD', 'en'],
      ['second-school', origins.secondary, 'EUR', 'de'],
    ]);
    expect(sites.map((s) => [s.beta_features, s.id_token_signing_enabled])).toEqual([
      [{ mcp_connections: true }, true],
      [{}, false],
    ]);
  });

  it('gives every demo account its role, the shared student one per school', async () => {
    const roles = await db
      .selectFrom('site_roles')
      .innerJoin('people', 'people.id', 'site_roles.person_id')
      .innerJoin('sites', 'sites.id', 'site_roles.site_id')
      .select(['people.email', 'site_roles.role', 'sites.slug as siteSlug'])
      .execute();
    const key = (r: { email: string; role: string; siteSlug: string }) => `${r.siteSlug} ${r.role} ${r.email}`;
    expect(roles.map(key).sort()).toEqual(DEMO_ACCOUNTS.map(key).sort());
    for (const slug of ['demo-academy', 'second-school']) {
      const here = roles.filter((r) => r.siteSlug === slug && r.email.endsWith(`@${slug}.test`));
      expect(here.map((r) => r.role).sort()).toEqual(['admin', 'lecturer', 'owner', 'student', 'student']);
    }
    const shared = roles.filter((r) => r.email === 'student1@demo-academy.test');
    expect(shared.map((r) => `${r.siteSlug} ${r.role}`).sort()).toEqual([
      'demo-academy student',
      'second-school student',
    ]);
    const people = await db
      .selectFrom('people')
      .select('email')
      .where('email', '=', 'student1@demo-academy.test')
      .execute();
    expect(people).toHaveLength(1);
  });

  it('lets every demo account sign in with the demo password', async () => {
    const hashes = await db.selectFrom('credentials').select('password_hash').distinct().execute();
    expect(hashes).toHaveLength(1);
    expect(await verifyPassword(DEMO_PASSWORD, hashes[0]!.password_hash)).toBe(true);
  });

  it('publishes at least three courses and keeps one draft per school, each with an outline', async () => {
    for (const slug of ['demo-academy', 'second-school']) {
      const courses = await db
        .selectFrom('courses')
        .select(['id', 'status'])
        .where('site_id', '=', await siteId(slug))
        .execute();
      expect(courses.filter((c) => c.status === 'published').length).toBeGreaterThanOrEqual(3);
      expect(courses.filter((c) => c.status === 'draft').length).toBeGreaterThanOrEqual(1);
    }
    const outline = await db
      .selectFrom('lectures')
      .select(['course_id', (eb) => eb.fn.count<number>('section_id').distinct().as('sections')])
      .select((eb) => eb.fn.countAll<number>().as('lectures'))
      .select(sql<number>`count(*) filter (where is_free_preview)::int`.as('previews'))
      .groupBy('course_id')
      .execute();
    expect(outline).toHaveLength(
      await db
        .selectFrom('courses')
        .select('id')
        .execute()
        .then((r) => r.length),
    );
    for (const course of outline) {
      expect(Number(course.sections)).toBe(2);
      expect(Number(course.lectures)).toBeGreaterThanOrEqual(4);
      expect(course.previews).toBe(1);
    }
  });

  it('enrolls students with lifetime, running and expired access and a last-watched lecture', async () => {
    const enrollments = await db.selectFrom('enrollments').selectAll().execute();
    for (const slug of ['demo-academy', 'second-school']) {
      const site = await siteId(slug);
      const here = enrollments.filter((e) => e.site_id === site);
      expect(here.some((e) => e.has_lifetime_access && e.expires_at === null)).toBe(true);
      expect(here.some((e) => e.status === 'active' && e.expires_at !== null && e.expires_at > new Date())).toBe(true);
      expect(here.some((e) => e.status === 'expired' && e.expires_at !== null && e.expires_at < new Date())).toBe(true);
    }
    expect(enrollments.every((e) => e.last_watched_lecture_id !== null)).toBe(true);
    const student1 = await db
      .selectFrom('people')
      .select('id')
      .where('email', '=', 'student1@demo-academy.test')
      .executeTakeFirstOrThrow();
    const academy = await siteId('demo-academy');
    expect(
      enrollments.filter((e) => e.person_id === student1.id && e.site_id === academy).length,
    ).toBeGreaterThanOrEqual(3);
    const completed = await db
      .selectFrom('lecture_progress')
      .select('lecture_id')
      .where('completed_at', 'is not', null)
      .execute();
    expect(completed.length).toBeGreaterThan(0);
  });

  it('fills every school-domain table for both schools', async () => {
    const counts = await rowCounts(db);
    for (const table of SCHOOL_TABLES) expect(counts[table], table).toBeGreaterThan(0);
    const global = ['sites', 'people', 'credentials', 'course_lecturers', 'membership_plan_courses'];
    for (const table of SCHOOL_TABLES.filter((t) => !global.includes(t))) {
      const sites = await sql<{ n: number }>`select count(distinct site_id)::int as n from ${sql.table(table)}`.execute(
        db,
      );
      expect(sites.rows[0]?.n, table).toBe(2);
    }
    const statuses = await db.selectFrom('orders').select('status').distinct().execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(['not_paid', 'paid', 'refunded']);
    const types = await db.selectFrom('coupons').select('discount_type').distinct().execute();
    expect(types.map((t) => t.discount_type).sort()).toEqual(['amount', 'percent']);
  });

  it('never links a row to another school’s row', async () => {
    for (const [child, column, parent] of SAME_SITE) {
      const result = await sql<{ n: number }>`
        select count(*)::int as n from ${sql.table(child)} c join ${sql.table(parent)} p on p.id = c.${sql.ref(column)}
        where p.site_id <> c.site_id`.execute(db);
      expect(result.rows[0]?.n, `${child}.${column}`).toBe(0);
    }
    // Learners and buyers hold a role at the school whose data they have.
    for (const table of ['enrollments', 'orders', 'subscriptions', 'event_registrations']) {
      const result = await sql<{ n: number }>`
        select count(*)::int as n from ${sql.table(table)} t where not exists
          (select 1 from site_roles r where r.site_id = t.site_id and r.person_id = t.person_id)`.execute(db);
      expect(result.rows[0]?.n, table).toBe(0);
    }
  });

  it('does nothing when called again', async () => {
    const before = await rowCounts(db);
    expect(await seedDemoSchools(db, origins)).toEqual({ seeded: false });
    expect(await rowCounts(db)).toEqual(before);
  });
}

describe('demo schools on PGlite', () => {
  seedSuite(async () => {
    const db = await createDatabase({ kind: 'pglite', dataDir: null });
    return { db, close: () => db.destroy() };
  });
});

describe.skipIf(!process.env.DATABASE_URL)('demo schools on PostgreSQL (DATABASE_URL)', () => {
  seedSuite(async () => {
    const scratch = await createScratchPostgresDatabase(process.env.DATABASE_URL!);
    const db = await createDatabase({ kind: 'postgres', url: scratch.url, poolSize: 4 });
    return { db, close: async () => (await db.destroy(), await scratch.drop()) };
  });
});

describe('school-domain migration', () => {
  it('makes time-ordered version 7 ids and rolls back completely', async () => {
    const db = await createDatabase({ kind: 'pglite', dataDir: null });
    try {
      await schoolDomain.up(db);
      const a = await sql<{ id: string }>`select uuid_v7() as id`.execute(db);
      await sql`select pg_sleep(0.002)`.execute(db);
      const b = await sql<{ id: string }>`select uuid_v7() as id`.execute(db);
      const [first, second] = [a.rows[0]!.id, b.rows[0]!.id];
      expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(second > first).toBe(true);
      // The first 48 bits are the Unix time in milliseconds.
      const ms = parseInt(second.replace(/-/g, '').slice(0, 12), 16);
      expect(Math.abs(ms - Date.now())).toBeLessThan(60_000);

      await schoolDomain.down(db);
      const left = await sql<{ n: number }>`
        select count(*)::int as n from information_schema.tables where table_schema = current_schema()`.execute(db);
      expect(left.rows[0]?.n).toBe(0);
    } finally {
      await db.destroy();
    }
  });
});
