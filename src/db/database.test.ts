// The PostgreSQL client as database.ts sets it up (named statements, answers through pg's callback
// form): every way a statement comes back must be what pg itself gives. Runs against the test
// database of this pass (PGlite, or PostgreSQL when DATABASE_URL is set: CI's second pass, where
// the wrapper is in the path).
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARE_AFTER } from './auto-prepare.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase({ migrate: false });
  await sql`create table wrapped (id int primary key, at timestamptz not null, tags text[] not null)`.execute(test.db);
});
afterAll(() => test.drop());

describe('database.ts client: answers through its own promise (bench/FINDINGS.md "pg\'s callback form")', () => {
  it('returns the rows, parsed, of a statement sent unnamed and then named (auto-prepare)', async () => {
    await sql`insert into wrapped values (1, '2026-11-28 06:00:00+00', '{a,b}')`.execute(test.db);
    for (let i = 0; i <= PREPARE_AFTER; i++) {
      const { rows } = await test.db.executeQuery<{ id: number; at: Date; tags: string[] }>(
        CompiledQuery.raw('select id, at, tags from wrapped where id = $1', [1]),
      );
      expect(rows).toEqual([{ id: 1, at: new Date('2026-11-28T06:00:00Z'), tags: ['a', 'b'] }]);
    }
  });

  it("rejects with the server's error, its SQLSTATE kept (integrity-errors.ts reads it)", async () => {
    const duplicate = test.db.executeQuery(CompiledQuery.raw("insert into wrapped values ($1, now(), '{}')", [1]));
    await expect(duplicate).rejects.toMatchObject({ code: '23505' });
    // The connection is usable after the error (the client was released, not left mid-statement).
    const { rows } = await test.db.executeQuery<{ n: number }>(
      CompiledQuery.raw('select count(*)::int as n from wrapped'),
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('answers many concurrent statements, each its own rows', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        test.db.executeQuery<{ v: number }>(CompiledQuery.raw('select $1::int * 2 as v', [i])),
      ),
    );
    expect(answers.map((a) => a.rows[0]!.v)).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
  });
});
