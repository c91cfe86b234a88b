// Migration 2026-12-01T0001-school-members: one site_members row per person holding any role at a
// school, with the first role's time and the person's e-mail: built from the roles held before it,
// then kept by triggers whatever adds, removes or changes a role or an e-mail.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, insertTestSite, type TestDatabase } from '../testing.ts';
import { down, up } from './2026-12-01T0001-school-members.ts';

describe('migration 2026-12-01T0001-school-members', () => {
  let test: TestDatabase;
  let school = '';
  let other = '';
  const person: Record<string, string> = {};
  beforeAll(async () => {
    test = await createTestDatabase();
    school = await insertTestSite(test.db, 'school');
    other = await insertTestSite(test.db, 'other');
    for (const name of ['ann', 'bob', 'cy', 'di'])
      person[name] = (
        await test.db
          .insertInto('people')
          .values({ email: `${name}@m.test`, name })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
  });
  afterAll(async () => test?.drop());

  const role = (siteId: string, who: string, name: string, at: string) =>
    test.db
      .insertInto('site_roles')
      .values({ site_id: siteId, person_id: person[who]!, role: name as 'student', created_at: at })
      .execute();
  const members = async () =>
    (
      await test.db
        .selectFrom('site_members')
        .select(['site_id', 'person_id', 'email', 'joined_at'])
        .orderBy('email')
        .orderBy('site_id')
        .execute()
    ).map((m) => ({
      site: m.site_id === school ? 'school' : 'other',
      who: m.email.split('@')[0],
      joined: m.joined_at.toISOString(),
    }));

  it('gives every person with roles before it one row per school, joined at their first role', async () => {
    await down(test.db);
    await role(school, 'ann', 'student', '2026-01-02T00:00:00Z');
    await role(school, 'ann', 'lecturer', '2026-01-01T00:00:00Z');
    await role(other, 'ann', 'owner', '2026-03-01T00:00:00Z');
    await role(school, 'bob', 'admin', '2026-02-01T00:00:00Z');
    await up(test.db);
    expect(await members()).toEqual([
      { site: 'school', who: 'ann', joined: '2026-01-01T00:00:00.000Z' },
      { site: 'other', who: 'ann', joined: '2026-03-01T00:00:00.000Z' },
      { site: 'school', who: 'bob', joined: '2026-02-01T00:00:00.000Z' },
    ]);
  });

  it('follows roles added (an earlier one moves the joining time, a later one does not)', async () => {
    await role(school, 'cy', 'student', '2026-05-01T00:00:00Z');
    await role(school, 'cy', 'lecturer', '2026-06-01T00:00:00Z');
    await role(school, 'bob', 'student', '2026-01-15T00:00:00Z');
    const now = await members();
    expect(now).toContainEqual({ site: 'school', who: 'cy', joined: '2026-05-01T00:00:00.000Z' });
    expect(now).toContainEqual({ site: 'school', who: 'bob', joined: '2026-01-15T00:00:00.000Z' });
  });

  it('follows roles removed: the next earliest role is the joining time, no role leaves no row', async () => {
    await test.db
      .deleteFrom('site_roles')
      .where('person_id', '=', person.ann!)
      .where('role', '=', 'lecturer')
      .execute();
    await test.db.deleteFrom('site_roles').where('person_id', '=', person.cy!).where('site_id', '=', school).execute();
    const now = await members();
    expect(now).toContainEqual({ site: 'school', who: 'ann', joined: '2026-01-02T00:00:00.000Z' });
    expect(now.filter((m) => m.who === 'cy')).toEqual([]);
  });

  it('follows a role moved to another person, and an e-mail changed', async () => {
    await sql`update site_roles set person_id = ${person.di!} where person_id = ${person.bob!} and role = 'admin'`.execute(
      test.db,
    );
    await test.db.updateTable('people').set({ email: 'ann.new@m.test' }).where('id', '=', person.ann!).execute();
    expect(await members()).toEqual([
      { site: 'school', who: 'ann.new', joined: '2026-01-02T00:00:00.000Z' },
      { site: 'other', who: 'ann.new', joined: '2026-03-01T00:00:00.000Z' },
      { site: 'school', who: 'bob', joined: '2026-01-15T00:00:00.000Z' },
      { site: 'school', who: 'di', joined: '2026-02-01T00:00:00.000Z' },
    ]);
  });

  it('goes with the person and with the school', async () => {
    await test.db.deleteFrom('people').where('id', '=', person.di!).execute();
    await test.db.deleteFrom('sites').where('id', '=', other).execute();
    expect((await members()).map((m) => `${m.site}:${m.who}`)).toEqual(['school:ann.new', 'school:bob']);
  });
});
