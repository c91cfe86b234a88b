// Token lookups by hash go to the database in groups (token-facts.ts): concurrent lookups share
// statements, each caller gets its own token's facts, and no lookup answers from before its request
// (/auth.md "Access follows the school": a revocation committed first is seen). PGlite, and
// PostgreSQL with DATABASE_URL.
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../database.ts';
import { seedDemoSchools } from '../seed/demo-schools.ts';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { insertAccessToken, insertGrant, insertRefreshToken } from './oauth-grants.ts';
import { findAccessTokenFacts, findRefreshTokenFacts } from './token-facts.ts';

/** The same database through a plugin that counts the statements it runs. */
function countingDb(db: Db): { db: Db; count: () => number } {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => ((statements += 1), args.result),
  };
  return { db: db.withPlugin(plugin), count: () => statements };
}

describe('grouped token lookups', () => {
  let fixture: { test: TestDatabase; db: Db; academy: string };
  let grantId: string;
  const accessHashes = Array.from({ length: 6 }, (_, i) => `test-access-${i}`);
  beforeAll(async () => {
    const test = await createTestDatabase();
    const { db } = test;
    await seedDemoSchools(db, { primary: 'http://academy.test', secondary: 'http://second.test' });
    const academy = (
      await db.selectFrom('sites').select('id').where('slug', '=', 'demo-academy').executeTakeFirstOrThrow()
    ).id;
    fixture = { test, db, academy };
    const client = await db
      .selectFrom('oauth_clients')
      .select('id')
      .where('site_id', '=', academy)
      .executeTakeFirstOrThrow();
    const role = await db
      .selectFrom('site_roles')
      .select('person_id')
      .where('site_id', '=', academy)
      .executeTakeFirstOrThrow();
    const later = new Date(Date.now() + 3600_000);
    const grant = await insertGrant(db, {
      site_id: academy,
      client_row_id: client.id,
      person_id: role.person_id,
      scopes: ['openid'],
      resource: 'http://academy.test',
      auth_time: new Date(),
      expires_at: later,
    });
    grantId = grant.id;
    const token = { grant_id: grant.id, site_id: academy, client_row_id: client.id, scopes: ['openid'] };
    for (const hash of accessHashes)
      await insertAccessToken(db, {
        ...token,
        token_hash: hash,
        person_id: role.person_id,
        resource: 'http://academy.test',
        expires_at: later,
      });
    await insertRefreshToken(db, { ...token, token_hash: 'test-refresh-0', expires_at: later });
  });
  afterAll(() => fixture.test.drop());

  it('concurrent lookups share statements, and each caller gets the facts of its own token (or none)', async () => {
    const counted = countingDb(fixture.db);
    const asked = [...accessHashes, ...accessHashes, 'test-unknown'];
    const found = await Promise.all(asked.map((hash) => findAccessTokenFacts(counted.db, hash)));
    expect(found.map((facts) => facts && (facts as { token_hash?: string }).token_hash)).toEqual([
      ...accessHashes,
      ...accessHashes,
      undefined,
    ]);
    expect(found.every((facts, i) => i === asked.length - 1 || facts?.grant_id === grantId)).toBe(true);
    expect(counted.count()).toBeLessThanOrEqual(2);
    // An access token's hash is not a refresh token's, and the other way round.
    expect(await findRefreshTokenFacts(fixture.db, accessHashes[0]!)).toBeUndefined();
    expect((await findRefreshTokenFacts(fixture.db, 'test-refresh-0'))?.grant_id).toBe(grantId);
  });

  it('a lookup asked after a revocation committed sees it, even while an earlier group is in flight', async () => {
    const { db } = fixture;
    const hash = accessHashes[1]!;
    const earlier = findAccessTokenFacts(db, hash);
    await db
      .updateTable('oauth_access_tokens')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', hash)
      .execute();
    const after = await findAccessTokenFacts(db, hash);
    expect(after?.revoked_at).toBeInstanceOf(Date);
    await earlier;
  });

  it('inside a transaction the lookup is that transaction’s own (a refresh reads under its lock)', async () => {
    const { db } = fixture;
    const hash = accessHashes[2]!;
    await db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('oauth_access_tokens')
          .set({ revoked_at: new Date() })
          .where('token_hash', '=', hash)
          .execute();
        expect((await findAccessTokenFacts(trx, hash))?.revoked_at).toBeInstanceOf(Date);
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
    expect((await findAccessTokenFacts(db, hash))?.revoked_at).toBeNull();
  });

  // PostgreSQL plancache.c choose_custom_plan: after five plans made with the parameters' values, a
  // prepared statement keeps one made without them unless that one is priced dearer. A new school's
  // token tables have no statistics yet (autovacuum analyzes after 50 changes).
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'a lookup of one token is planned once per connection, even before the token tables have statistics',
    async () => {
      const single = await createDatabase({ kind: 'postgres', url: fixture.test.url!, poolSize: 1 });
      try {
        for (let i = 0; i < 8; i += 1) {
          await findAccessTokenFacts(single, accessHashes[0]!);
          await findRefreshTokenFacts(single, 'no-such-refresh-token');
        }
        const { rows } = await sql<{ name: string; generic_plans: string }>`
          select name, generic_plans from pg_prepared_statements where name like '%token_facts_of_one'`.execute(single);
        const generic = Object.fromEntries(rows.map((row) => [row.name, Number(row.generic_plans)]));
        expect(generic).toEqual({ access_token_facts_of_one: 3, refresh_token_facts_of_one: 3 });
      } finally {
        await single.destroy();
      }
    },
  );
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'a group of token lookups is planned once per connection: its array holds at least ten hashes',
    async () => {
      // A school in use: thousands of tokens, and statistics that price each one lookup exactly.
      await sql`insert into oauth_access_tokens (grant_id, site_id, client_row_id, person_id, scopes, resource, token_hash, expires_at)
        select grant_id, site_id, client_row_id, person_id, scopes, resource, 'bulk-' || n, expires_at
        from oauth_access_tokens, generate_series(1, 3000) n where token_hash = ${accessHashes[0]!}`.execute(
        fixture.db,
      );
      await sql`analyze oauth_access_tokens, oauth_grants, oauth_clients, sites, people`.execute(fixture.db);
      const single = await createDatabase({ kind: 'postgres', url: fixture.test.url!, poolSize: 1 });
      try {
        for (let i = 0; i < 8; i += 1) {
          // The first goes alone; the others arrive while it is in flight and share one statement.
          const found = await Promise.all(accessHashes.slice(0, 3).map((hash) => findAccessTokenFacts(single, hash)));
          expect(found.map((facts) => facts?.grant_id)).toEqual([grantId, grantId, grantId]);
        }
        const { rows } = await sql<{ custom_plans: string; generic_plans: string }>`
          select custom_plans, generic_plans from pg_prepared_statements where name = 'access_token_facts_of'`.execute(
          single,
        );
        expect(rows.map((row) => [Number(row.custom_plans), Number(row.generic_plans)])).toEqual([[5, 3]]);
      } finally {
        await single.destroy();
      }
    },
  );
});
