// Every foreign key leads an index (migration 2026-12-01T0004-foreign-key-indexes, guide "bounded
// work per request"): deleting a row makes PostgreSQL look up the rows that reference it, and
// without an index whose first column is one of the key's columns that lookup reads the whole
// referencing table. Read from the catalog of the fully migrated schema, so a table or key added
// later without its index fails here. Runs on PGlite and, in CI's second pass, on PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing.ts';

describe('foreign keys and their indexes', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => test?.drop());

  it('every foreign key has an index leading with one of its columns', async () => {
    const { rows } = await sql<{ key: string }>`
      select c.conrelid::regclass::text || '.' || c.conname as key
      from pg_constraint c
      where c.contype = 'f'
        and c.connamespace = 'public'::regnamespace
        and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = any (c.conkey))
      order by 1`.execute(test.db);
    expect(rows.map((r) => r.key)).toEqual([]);
  });
});
