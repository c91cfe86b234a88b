// Shared setup of the member data API's unit tests: a fresh database with the two demo schools,
// lookups by slug and e-mail (tests never hard-code ids), and a statement counter.
import type { KyselyPlugin } from 'kysely';
import type { Db } from '../../db/database.ts';
import { seedDemoSchools } from '../../db/seed/demo-schools.ts';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';

export type AccountFixture = {
  test: TestDatabase;
  db: Db;
  academy: string;
  secondSchool: string;
  person: (email: string) => Promise<string>;
  lecture: (siteId: string, courseSlug: string, n: number) => Promise<{ id: string; duration: number }>;
  event: (siteId: string, slug: string) => Promise<string>;
};

export async function openAccountFixture(): Promise<AccountFixture> {
  const test = await createTestDatabase();
  const { db } = test;
  await seedDemoSchools(db, { primary: 'http://academy.test', secondary: 'http://second.test' });
  const siteId = async (slug: string) =>
    (await db.selectFrom('sites').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
  return {
    test,
    db,
    academy: await siteId('demo-academy'),
    secondSchool: await siteId('second-school'),
    person: async (email) =>
      (await db.selectFrom('people').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id,
    // Lecture n (1-based) counted through the course section by section, as the seed data does.
    lecture: async (site, courseSlug, n) => {
      const rows = await db
        .selectFrom('lectures as l')
        .innerJoin('courses as c', 'c.id', 'l.course_id')
        .innerJoin('course_sections as s', 's.id', 'l.section_id')
        .select(['l.id', 'l.duration_seconds'])
        .where('c.site_id', '=', site)
        .where('c.slug', '=', courseSlug)
        .orderBy('s.position')
        .orderBy('l.position')
        .execute();
      const row = rows[n - 1];
      if (!row) throw new Error(`no lecture ${n} in ${courseSlug}`);
      return { id: row.id, duration: row.duration_seconds };
    },
    event: async (site, slug) =>
      (
        await db
          .selectFrom('events')
          .select('id')
          .where('site_id', '=', site)
          .where('slug', '=', slug)
          .executeTakeFirstOrThrow()
      ).id,
  };
}

/** The same database through a plugin that counts every statement executed. */
export function countingDb(db: Db): { db: Db; count: () => number; reset: () => void } {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      statements += 1;
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), count: () => statements, reset: () => void (statements = 0) };
}
