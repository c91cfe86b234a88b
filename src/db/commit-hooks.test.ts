// Work tied to a transaction's end (commit-hooks.ts): before-commit work runs inside the
// transaction, after-commit work only once it committed, rollback work only when it did not.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitScopeOf } from './commit-hooks.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

describe("commit hooks (work tied to a transaction's end)", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase({ migrate: false });
    await sql`create table hook_probe (n int)`.execute(test.db);
  });
  afterAll(() => test.drop());

  const rows = async () =>
    Number((await sql<{ n: number }>`select count(*) as n from hook_probe`.execute(test.db)).rows[0]!.n);

  it('runs before-commit work in the transaction, then after-commit work once it committed', async () => {
    const seen: string[] = [];
    const before = await rows();
    await test.db.transaction().execute(async (trx) => {
      const scope = (await commitScopeOf(trx))!;
      scope.beforeCommit(async () => {
        await sql`insert into hook_probe values (1)`.execute(trx);
        seen.push('before');
      });
      scope.afterCommit(() => seen.push('after'));
      scope.afterRollback(() => seen.push('rollback'));
    });
    expect(seen).toEqual(['before', 'after']);
    expect(await rows()).toBe(before + 1);
  });

  it('runs rollback work instead when the transaction or a before-commit hook fails, and keeps nothing', async () => {
    const seen: string[] = [];
    const before = await rows();
    await expect(
      test.db.transaction().execute(async (trx) => {
        const scope = (await commitScopeOf(trx))!;
        scope.beforeCommit(async () => {
          await sql`insert into hook_probe values (1)`.execute(trx);
          throw new Error('the hook failed');
        });
        scope.afterCommit(() => seen.push('after'));
        scope.afterRollback(() => seen.push('rollback'));
      }),
    ).rejects.toThrow('the hook failed');
    await expect(
      test.db.transaction().execute(async (trx) => {
        (await commitScopeOf(trx))!.afterRollback(() => seen.push('rollback'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(seen).toEqual(['rollback', 'rollback']);
    expect(await rows()).toBe(before);
  });

  it('has no scope outside a transaction: each statement commits alone', async () => {
    expect(await commitScopeOf(test.db)).toBeUndefined();
  });
});
