// The same forward-only migrations apply on PGlite and on PostgreSQL (CI runs this file
// twice: without DATABASE_URL on PGlite, with it on a scratch PostgreSQL database).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

describe(`migrations on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase({ migrate: false });
  });
  afterAll(() => test.drop());

  it('apply every migration in order, then nothing on a second run', async () => {
    expect(await migrateToLatest(test.db)).toEqual(Object.keys(migrations).sort());
    expect(await migrateToLatest(test.db)).toEqual([]);
  });

  it('create the tables the service needs, with UUIDv7 ids that sort by creation', async () => {
    const { rows } = await sql<{
      table_name: string;
    }>`select table_name from information_schema.tables where table_schema = 'public'`.execute(test.db);
    const tables = rows.map((r) => r.table_name);
    for (const table of [
      'sites',
      'people',
      'credentials',
      'site_roles',
      'courses',
      'lectures',
      'enrollments',
      'orders',
      'oauth_clients',
      'oauth_refresh_tokens',
      'signing_keys',
    ]) {
      expect(tables).toContain(table);
    }
    const ids = await sql<{ id: string }>`select uuid_v7() as id from generate_series(1, 3)`.execute(test.db);
    const versions = ids.rows.map((r) => r.id[14]);
    expect(versions).toEqual(['7', '7', '7']);
  });
});
