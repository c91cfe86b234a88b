// The purge job removes what can never be used again, and two runs at once are safe.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSchools } from '../db/seed/demo-schools.ts';
import { createTestDatabase, type TestDatabase } from '../db/testing.ts';
import { runPurge } from './purge-job.ts';

describe('purge job (unused loopback registrations too, /auth.md "2. Get a client")', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
    await seedDemoSchools(test.db, { primary: 'http://localhost:1', secondary: 'http://127.0.0.1:1' });
  });
  afterAll(() => test.drop());

  it('deletes old unused loopback clients and expired sessions, keeps used and fresh ones', async () => {
    const site = await test.db
      .selectFrom('sites')
      .select('id')
      .where('slug', '=', 'demo-academy')
      .executeTakeFirstOrThrow();
    const person = await test.db.selectFrom('people').select('id').limit(1).executeTakeFirstOrThrow();
    const old = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    const base = {
      site_id: site.id,
      kind: 'loopback' as const,
      audience: 'operator' as const,
      name: 'x',
      redirect_uris: ['http://127.0.0.1/cb'],
      token_endpoint_auth_method: 'none' as const,
      client_secret_hash: null,
    };
    await test.db
      .insertInto('oauth_clients')
      .values([
        { ...base, client_id: 'old-unused', created_at: old },
        { ...base, client_id: 'old-used', created_at: old, last_used_at: new Date() },
        { ...base, client_id: 'fresh-unused' },
      ])
      .execute();
    await test.db
      .insertInto('oauth_sessions')
      .values({ token_hash: 'h1', site_id: site.id, person_id: person.id, expires_at: old })
      .execute();

    const counts = await runPurge(test.db);
    expect(counts).toMatchObject({ unusedLoopbackClients: 1, sessions: 1 });
    const left = await test.db.selectFrom('oauth_clients').select('client_id').where('kind', '=', 'loopback').execute();
    expect(left.map((c) => c.client_id).sort()).toEqual(['fresh-unused', 'old-used']);
  });

  it('two concurrent runs never fail; at most one does the work', async () => {
    const results = await Promise.all([runPurge(test.db), runPurge(test.db)]);
    expect(results.filter((r) => r !== false).length).toBeGreaterThanOrEqual(1);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from oauth_sessions where expires_at < now() - interval '1 day'`.execute(test.db);
    expect(rows[0]?.n).toBe(0);
  });
});
