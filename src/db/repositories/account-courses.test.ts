// The member's page of enrolled courses reads the courses it shows and no others: its work must not
// grow with the school's catalog (bench/ANALYSIS.md, 2026-12-04 third session: at the default
// planner costs the page hashed every course of the school). Checked on the plan PostgreSQL (or
// PGlite, in the first test pass) chooses for the statement the service sends, on a school with
// hundreds of courses, once the tables are analyzed as autovacuum would.
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../database.ts';
import { seedDemoSchools } from '../seed/demo-schools.ts';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { findEnrolledCourse, listEnrolledCourses } from './account-courses.ts';

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
};

/** Every node of a JSON plan, depth first. */
function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/** The same database, answering each statement with its plan, as run, instead of its rows. */
function explaining(db: Db, plans: PlanNode[]): Db {
  const wrapped = db.withPlugin({ transformQuery: (args) => args.node, transformResult: async (args) => args.result });
  const execute = wrapped.executeQuery.bind(wrapped);
  wrapped.executeQuery = async (query: CompiledQuery) => {
    const result = await execute(
      CompiledQuery.raw(`explain (analyze, format json) ${query.sql}`, [...query.parameters]),
    );
    // pg parses the json column; PGlite's driver may leave it as text.
    const [{ 'QUERY PLAN': answer }] = result.rows as [{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }];
    const plan = typeof answer === 'string' ? (JSON.parse(answer) as [{ Plan: PlanNode }]) : answer;
    plans.push(plan[0].Plan);
    return { rows: [] };
  };
  return wrapped;
}

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
      const plans: PlanNode[] = [];
      await listEnrolledCourses(explaining(test.db, plans), academy, student, page, { progress });
      expect(plans).toHaveLength(1);
      // Rows each scan of courses produced or filtered out, over all its loops.
      const courseRowsRead = nodesOf(plans[0]!)
        .filter((node) => node['Relation Name'] === 'courses')
        .reduce(
          (sum, node) => sum + (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'],
          0,
        );
      expect(courseRowsRead).toBe(shown.length);
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
