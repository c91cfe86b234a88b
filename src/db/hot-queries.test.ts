// Hot statements (hot-queries.ts) run as given on both databases, and on PostgreSQL are prepared
// once per connection under their name (bench/FINDINGS.md "Named statements": no parse and plan per request).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from './database.ts';
import { hotQuery } from './hot-queries.ts';
import { createScratchPostgresDatabase } from './testing.ts';

const echo = hotQuery<{ value: string; doubled: number }>(
  'test_echo',
  'select $1::text as value, $2::int * 2 as doubled',
);

describe('hot statements', () => {
  let db: Db;
  let drop = async () => {};
  const onPostgres = Boolean(process.env.DATABASE_URL);
  beforeAll(async () => {
    if (onPostgres) {
      const scratch = await createScratchPostgresDatabase(process.env.DATABASE_URL!);
      db = await createDatabase({ kind: 'postgres', url: scratch.url, poolSize: 1 });
      drop = async () => (await db.destroy(), await scratch.drop());
    } else {
      db = await createDatabase({ kind: 'pglite', dataDir: null });
      drop = () => db.destroy();
    }
  });
  afterAll(() => drop());

  it('answers with its parameters bound in order', async () => {
    expect(await echo(db, ['a', 21])).toEqual([{ value: 'a', doubled: 42 }]);
    expect(await echo(db, ['b', 1])).toEqual([{ value: 'b', doubled: 2 }]);
  });

  it.runIf(onPostgres)('is a named prepared statement of the connection on PostgreSQL', async () => {
    await echo(db, ['c', 3]);
    const prepared = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(db);
    expect(prepared.rows.map((row) => row.name)).toContain('test_echo');
  });

  it('refuses a second text under a name already taken', () => {
    expect(() => hotQuery('test_echo', 'select 1')).toThrow(/two hot statements/);
  });
});
