// Every connection of the service runs with planner-settings.ts's costs, on PostgreSQL (each pooled
// connection, from its startup packet) and on PGlite (its one session), so that both dialects
// choose the plans bench/FINDINGS.md "Planner costs" measured. Runs on the test database of this pass.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './database.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase({ migrate: false });
});
afterAll(() => test.drop());

describe('planner-settings.ts: the costs every connection plans with', () => {
  it('sets random_page_cost to 1.1 and jit off on every connection, however many the pool opens', async () => {
    // Concurrent statements, each holding its connection for a moment, make the pool open several.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        sql<{
          cost: string;
          jit: string;
          pid: number;
        }>`select current_setting('random_page_cost') as cost, current_setting('jit') as jit, pg_backend_pid() as pid,
          pg_sleep(0.05)`.execute(test.db),
      ),
    );
    const rows = answers.map((answer) => answer.rows[0]!);
    expect(new Set(rows.map((row) => row.cost))).toEqual(new Set(['1.1']));
    expect(new Set(rows.map((row) => row.jit))).toEqual(new Set(['off']));
    if (test.url) expect(new Set(rows.map((row) => row.pid)).size).toBeGreaterThan(1);
  });

  // docs/operations.md "On PostgreSQL": an operator's own session settings in the URL take precedence.
  it.runIf(process.env.DATABASE_URL)('leaves the settings to DATABASE_URL when it carries `options`', async () => {
    const url = new URL(test.url!);
    url.searchParams.set('options', '-c random_page_cost=4');
    const db = await createDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    try {
      const { rows } = await sql<{ cost: string }>`select current_setting('random_page_cost') as cost`.execute(db);
      expect(rows[0]!.cost).toBe('4');
    } finally {
      await db.destroy();
    }
  });
});
