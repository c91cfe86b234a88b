// The course lists read a page in index order and stop (migration 2026-11-28T0002-course-list-order,
// guide "bounded work per request"): for every sort and cursor the admin API and the public catalog
// offer, PostgreSQL's plan of the very statement the repository sends holds no Sort, so a page costs
// the same with 5 courses or 5,000. Runs on PGlite and, in CI's second pass, on PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodesOf, planOf, recording } from '../statement-plans.ts';
import { createTestDatabase, insertTestSite, type TestDatabase } from '../testing.ts';
import { listPublishedCourses } from './catalog.ts';
import { listCourses } from './courses.ts';

describe('course lists in index order (bounded work per request)', () => {
  let test: TestDatabase;
  let siteId = '';
  beforeAll(async () => {
    test = await createTestDatabase();
    siteId = await insertTestSite(test.db, 'plans');
    await sql`insert into courses (site_id, slug, title, status, published_at, price_amount, currency)
      select ${siteId}, 'c-' || n, 'Course ' || n, 'published', now() - n * interval '1 minute', 1000, 'USD'
      from generate_series(1, 2000) n`.execute(test.db);
    await sql`analyze courses`.execute(test.db);
  });
  afterAll(async () => test?.drop());

  const after = { v: '2026-01-01T00:00:00.000000Z', id: '00000000-0000-7000-8000-000000000000' };
  const adminPages = [
    { sort: { column: 'created_at', direction: 'desc' }, after: null },
    { sort: { column: 'created_at', direction: 'asc' }, after: null },
    { sort: { column: 'created_at', direction: 'desc' }, after },
    { sort: { column: 'title', direction: 'asc' }, after: null },
    { sort: { column: 'title', direction: 'desc' }, after: { v: 'Course 5', id: after.id } },
  ] as const;

  it.each(adminPages)('admin list sorted by $sort.column $sort.direction, after $after: no Sort', async (page) => {
    const { db, last } = recording(test.db);
    await listCourses(db, siteId, { limit: 20, sort: { ...page.sort }, after: page.after });
    const nodes = nodesOf(await planOf(test.db, last()));
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
    expect(nodes.some((n) => n['Index Name']?.startsWith('courses_site_'))).toBe(true);
  });

  it('public catalog, newest first, first page and after a cursor: no Sort', async () => {
    for (const cursor of [null, after]) {
      const { db, last } = recording(test.db);
      await listPublishedCourses(db, siteId, {
        limit: 20,
        sort: { column: 'published_at', direction: 'desc' },
        after: cursor,
        search: null,
      });
      const nodes = nodesOf(await planOf(test.db, last()));
      expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
      expect(nodes.some((n) => n['Index Name'] === 'courses_catalog')).toBe(true);
    }
  });
});
