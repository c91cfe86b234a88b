// The admin enrollments list reads a page in index order and stops (migration
// 2026-12-01T0002-enrollment-list-order, guide "bounded work per request"): for the whole school
// and for one course, first page and after a cursor, PostgreSQL's plan of the very statement the
// repository sends holds no Sort, so a page costs the same with 20 enrollments or 1,000,000. Runs
// on PGlite and, in CI's second pass, on PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executedPlanOf, nodesOf, planOf, recording, rowsReadFrom } from '../statement-plans.ts';
import { createTestDatabase, insertTestSite, type TestDatabase } from '../testing.ts';
import { listEnrollments } from './enrollments.ts';

describe('enrollments list in index order (bounded work per request)', () => {
  let test: TestDatabase;
  let siteId = '';
  let courseId = '';
  beforeAll(async () => {
    test = await createTestDatabase();
    siteId = await insertTestSite(test.db, 'plans');
    await sql`insert into courses (site_id, slug, title, currency)
      select ${siteId}, 'c-' || n, 'Course ' || n, 'USD' from generate_series(1, 20) n`.execute(test.db);
    await sql`insert into people (email) select 'p' || n || '@plans.test' from generate_series(1, 400) n`.execute(
      test.db,
    );
    await sql`insert into enrollments (site_id, person_id, course_id, enrolled_at)
      select ${siteId}, p.id, c.id, now() - (random() * 1000) * interval '1 hour'
      from people p cross join courses c where c.site_id = ${siteId}`.execute(test.db);
    // A catalog far larger than a page, most of it without enrollments: a page that scanned it would show.
    await sql`insert into courses (site_id, slug, title, currency)
      select ${siteId}, 'catalog-' || n, 'Catalog course ' || n, 'USD' from generate_series(1, 400) n`.execute(test.db);
    courseId = (await test.db.selectFrom('courses').select('id').where('slug', '=', 'c-3').executeTakeFirstOrThrow())
      .id;
    await sql`analyze`.execute(test.db);
  });
  afterAll(async () => test?.drop());

  const after = { v: '2026-01-01T00:00:00.000000Z', id: '00000000-0000-7000-8000-000000000000' };
  const pages = [
    { course: false, after: null },
    { course: false, after },
    { course: true, after: null },
    { course: true, after },
  ];

  it.each(pages)('one course: $course, after $after: no Sort', async (page) => {
    const { db, last } = recording(test.db);
    await listEnrollments(db, siteId, {
      limit: 20,
      sort: { column: 'enrolled_at', direction: 'desc' },
      after: page.after,
      courseId: page.course ? courseId : undefined,
    });
    const nodes = nodesOf(await planOf(test.db, last()));
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
    expect(nodes.map((n) => n['Index Name'])).toContain(
      page.course ? 'enrollments_course_enrolled' : 'enrollments_site_enrolled',
    );
  });

  // The course and student each row names are looked up by key for the rows of the page alone
  // (enrollments.ts): never a scan of the school's catalog or member list, whatever their size.
  it.each(pages)(
    'one course: $course, after $after: reads one course and one person per row returned',
    async (page) => {
      const { db, last } = recording(test.db);
      const rows = await listEnrollments(db, siteId, {
        limit: 20,
        sort: { column: 'enrolled_at', direction: 'desc' },
        after: page.after,
        courseId: page.course ? courseId : undefined,
      });
      const plan = await executedPlanOf(test.db, last());
      // At most: rows naming the same course or person may share one lookup (PostgreSQL's Memoize).
      expect(rowsReadFrom(plan, 'courses')).toBeLessThanOrEqual(rows.length);
      expect(rowsReadFrom(plan, 'people')).toBeLessThanOrEqual(rows.length);
    },
  );
});
