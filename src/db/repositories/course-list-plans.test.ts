// The course lists read a page in index order and stop (migration 2026-11-28T0002-course-list-order,
// guide "bounded work per request"): for every sort and cursor the admin API and the public catalog
// offer, PostgreSQL's plan of the very statement the repository sends holds no Sort, so a page costs
// the same with 5 courses or 5,000. Runs on PGlite and, in CI's second pass, on PostgreSQL.
import { CompiledQuery, sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../database.ts';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { listPublishedCourses } from './catalog.ts';
import { listCourses } from './courses.ts';

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };

/** The db as the repository sees it, recording the last statement it sends (built or shaped). */
function recording(db: Db): { db: Db; last: () => CompiledQuery } {
  let last: CompiledQuery | undefined;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      last = db.getExecutor().compileQuery(args.node, args.queryId);
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  const withPlugin = db.withPlugin(plugin);
  const proxy = new Proxy(withPlugin, {
    get(target, property) {
      if (property === 'executeQuery') return (query: CompiledQuery) => ((last = query), target.executeQuery(query));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: proxy, last: () => last! };
}

async function planOf(db: Db, statement: CompiledQuery): Promise<PlanNode> {
  const { rows } = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`explain (format json) ${statement.sql}`, [...statement.parameters]),
  );
  const cell = Object.values(rows[0]!)[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: PlanNode }];
  return plan[0].Plan;
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe('course lists in index order (bounded work per request)', () => {
  let test: TestDatabase;
  let siteId = '';
  beforeAll(async () => {
    test = await createTestDatabase();
    siteId = (
      await test.db
        .insertInto('sites')
        .values({ slug: 'plans', origin: 'http://plans.test', name: 'Plans' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
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
