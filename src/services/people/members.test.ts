// The last-owner rule under concurrency (OpenAPI tag Members; OpenAPI response Conflict: 409): two
// owners demoting each other at the same moment must not leave the school without one. Runs on
// PGlite, and on PostgreSQL with DATABASE_URL, where the two transactions really overlap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { Conflict } from '../errors.ts';
import { toSite, type Site } from '../school/sites.ts';
import { createMemberAdmin } from './members.ts';
import { createMailOutbox } from '../mail/mail-outbox.ts';
import { CursorCodec } from '../../db/pagination/cursor.ts';

// These rules never mail: a deployment without mail (docs/operations.md "Mail") serves them alike.
const noMail = createMailOutbox({ transport: { kind: 'none' }, keyEncryptionKey: Buffer.alloc(32) });

describe('members: the school keeps an owner', () => {
  let test: TestDatabase;
  let site: Site;
  let owners: string[];
  beforeAll(async () => {
    test = await createTestDatabase();
    const row = await test.db
      .insertInto('sites')
      .values({ slug: 'owners-test', origin: 'http://owners.test', name: 'Owners' })
      .returningAll()
      .executeTakeFirstOrThrow();
    site = toSite(row);
    const people = await test.db
      .insertInto('people')
      .values([{ email: 'a@owners.test' }, { email: 'b@owners.test' }])
      .returning('id')
      .execute();
    owners = people.map((p) => p.id);
    await test.db
      .insertInto('site_roles')
      .values(owners.map((person_id) => ({ site_id: site.id, person_id, role: 'owner' as const })))
      .execute();
  });
  afterAll(async () => test?.drop());

  it('of two simultaneous demotions of the only two owners, exactly one succeeds; the other is a conflict (409)', async () => {
    const members = createMemberAdmin(test.db, new CursorCodec(), noMail);
    const results = await Promise.allSettled(owners.map((id) => members.setRoles(site, id, ['admin'])));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [refused] = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused!.reason).toBeInstanceOf(Conflict);
    const left = await test.db
      .selectFrom('site_roles')
      .select('person_id')
      .where('site_id', '=', site.id)
      .where('role', '=', 'owner')
      .execute();
    expect(left).toHaveLength(1);
  });

  it('the last owner cannot be removed either, and nothing of theirs is deleted', async () => {
    const members = createMemberAdmin(test.db, new CursorCodec(), noMail);
    const [last] = (await members.list(site, { role: 'owner' })).data;
    await expect(members.remove(site, last!.id)).rejects.toBeInstanceOf(Conflict);
    expect((await members.get(site, last!.id)).roles).toContain('owner');
  });
});
