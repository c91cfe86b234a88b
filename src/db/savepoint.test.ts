// PostgreSQL "SAVEPOINT": work that fails under a savepoint is undone alone, and the transaction
// around it commits what it did before and after.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tryInSavepoint } from './savepoint.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

describe('work tried under a savepoint (PostgreSQL "SAVEPOINT")', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase({ migrate: false });
    await sql`create table savepoint_probe (n int primary key)`.execute(test.db);
  });
  afterAll(() => test.drop());

  const kept = async () =>
    (await sql<{ n: number }>`select n from savepoint_probe order by n`.execute(test.db)).rows.map((r) => r.n);

  it('undoes failed work alone: the transaction commits what it did before and after', async () => {
    const tried = await test.db.transaction().execute(async (trx) => {
      await sql`insert into savepoint_probe values (1)`.execute(trx);
      const result = await tryInSavepoint(trx, 'probe', async () => {
        await sql`insert into savepoint_probe values (2)`.execute(trx);
        await sql`insert into savepoint_probe values (1)`.execute(trx); // duplicate key: the statement fails
      });
      await sql`insert into savepoint_probe values (3)`.execute(trx);
      return result;
    });
    expect(tried.ok).toBe(false);
    expect(await kept()).toEqual([1, 3]);
  });

  it('keeps work that succeeds, and hands back its value', async () => {
    const tried = await test.db.transaction().execute((trx) =>
      tryInSavepoint(trx, 'probe', async () => {
        await sql`insert into savepoint_probe values (4)`.execute(trx);
        return 'done';
      }),
    );
    expect(tried).toEqual({ ok: true, value: 'done' });
    expect(await kept()).toContain(4);
  });
});
