// The members and students lists read a page in index order and stop (migration
// 2026-12-01T0001-school-members, guide "bounded work per request"): for every sort and cursor the
// admin API offers, PostgreSQL's plan of the very statement the repository sends holds no Sort and
// no aggregate over the school's roles, so a page costs the same with 20 members or 100,000. Runs on
// PGlite and, in CI's second pass, on PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodesOf, planOf, recording } from '../statement-plans.ts';
import { createTestDatabase, insertTestSite, type TestDatabase } from '../testing.ts';
import { listMembers, listStudents } from './people-lists.ts';

describe('people lists in index order (bounded work per request)', () => {
  let test: TestDatabase;
  let siteId = '';
  beforeAll(async () => {
    test = await createTestDatabase();
    siteId = await insertTestSite(test.db, 'plans');
    const elsewhere = await insertTestSite(test.db, 'elsewhere');
    await sql`insert into people (email, name) select 'p' || n || '@plans.test', 'Person ' || n
      from generate_series(1, 3000) n`.execute(test.db);
    await sql`insert into site_roles (site_id, person_id, role, created_at)
      select ${siteId}, id, 'student', now() - row_number() over (order by id) * interval '1 minute'
      from people where email like 'p%@plans.test' and name <> 'Person 1'`.execute(test.db);
    await sql`insert into site_roles (site_id, person_id, role)
      select ${elsewhere}, id, 'student' from people where email like 'p1%@plans.test'`.execute(test.db);
    await sql`insert into site_roles (site_id, person_id, role)
      select ${siteId}, id, 'lecturer' from people where email like 'p2_@plans.test'`.execute(test.db);
    await sql`analyze`.execute(test.db);
  });
  afterAll(async () => test?.drop());

  const id = '00000000-0000-7000-8000-000000000000';
  const pages = [
    { sort: { column: 'created_at', direction: 'desc' }, after: null },
    { sort: { column: 'created_at', direction: 'asc' }, after: { v: '2026-01-01T00:00:00.000000Z', id } },
    { sort: { column: 'email', direction: 'asc' }, after: null },
    { sort: { column: 'email', direction: 'desc' }, after: { v: 'p5@plans.test', id } },
  ] as const;

  const expectIndexOrder = async (
    list: typeof listMembers,
    page: (typeof pages)[number],
    indexes: Record<string, string>,
  ) => {
    const { db, last } = recording(test.db);
    await list(db, siteId, { limit: 20, sort: { ...page.sort }, after: page.after });
    const nodes = nodesOf(await planOf(test.db, last()));
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
    // Grouping (of the school's roles, as before) would be a Sorted or Hashed aggregate; the page's
    // rows read their own roles through a Plain one.
    expect(nodes.filter((n) => n['Node Type'] === 'Aggregate').map((n) => n.Strategy)).not.toContain('Hashed');
    expect(nodes.filter((n) => n['Node Type'] === 'Aggregate').map((n) => n.Strategy)).not.toContain('Sorted');
    expect(nodes.map((n) => n['Index Name'])).toContain(indexes[page.sort.column]);
  };

  it.each(pages)('members sorted by $sort.column $sort.direction, after $after: no Sort', (page) =>
    expectIndexOrder(listMembers, page, { created_at: 'site_members_joined', email: 'site_members_email' }),
  );

  it.each(pages)('students sorted by $sort.column $sort.direction, after $after: no Sort', (page) =>
    expectIndexOrder(listStudents, page, { created_at: 'site_roles_role_created', email: 'site_members_email' }),
  );
});
