// The member's page of enrolled courses reads the courses it shows and no others: its work must not
// grow with the school's catalog (bench/FINDINGS.md "Planner costs": at the default
// planner costs the page hashed every course of the school). Checked on the plan PostgreSQL (or
// PGlite, in the first test pass) chooses for the statement the service sends, on a school with
// hundreds of courses, once the tables are analyzed as autovacuum would.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executedPlanOf, recording, rowsReadFrom } from '../statement-plans.ts';
import { seedDemoSchools } from '../seed/demo-schools.ts';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { findEnrolledCourse, listEnrolledCourses } from './account-courses.ts';

let test: TestDatabase;
let academy: string;
let student: string;
beforeAll(async () => {
  test = await createTestDatabase();
  const { db } = test;
  await seedDemoSchools(db, { primary: 'http://academy.test', secondary: 'http://second.test' });
  academy = (await db.selectFrom('sites').select('id').where('slug', '=', 'demo-academy').executeTakeFirstOrThrow()).id;
  student = (
    await db
      .selectFrom('people')
      .select('id')
      .where('email', '=', 'student1@demo-academy.test')
      .executeTakeFirstOrThrow()
  ).id;
  await sql`insert into courses (site_id, slug, title, status, published_at, currency)
    select ${academy}::uuid, 'catalog-course-' || n, 'Catalog course ' || n, 'published', now(), 'EUR'
    from generate_series(1, 400) as n`.execute(db);
  await sql`analyze`.execute(db);
});
afterAll(() => test.drop());

describe('account-courses: the enrolled-courses page reads only the courses it returns', () => {
  const page = { sort: { column: 'enrolled_at', direction: 'desc' as const }, after: null, before: null, limit: 10 };

  for (const progress of [true, false]) {
    it(`reads one course row per enrollment shown, never the catalog (progress: ${progress})`, async () => {
      const shown = await listEnrolledCourses(test.db, academy, student, page, { progress });
      expect(shown.length).toBeGreaterThan(0);
      const { db, last } = recording(test.db);
      await listEnrolledCourses(db, academy, student, page, { progress });
      const plan = await executedPlanOf(test.db, last());
      // At most: enrollments in the same course may share one lookup (PostgreSQL's Memoize).
      expect(rowsReadFrom(plan, 'courses')).toBeLessThanOrEqual(shown.length);
    });
  }

  it('returns the same rows as before the catalog grew: the page and a single course agree', async () => {
    const rows = await listEnrolledCourses(test.db, academy, student, page, { progress: true });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const one = await findEnrolledCourse(test.db, academy, student, row.course_id);
      expect(one).toEqual(row);
    }
  });
});
