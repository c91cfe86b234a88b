// DESIGN habit 4: "Data access lives in one layer ... that owns all SQL;
// handlers never build SQL." Outside src/db/ no file builds a query with kysely: no query builder
// call and no `sql` template. Test files and their fixtures may arrange data directly.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const QUERY_BUILDING =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(\.raw|\.ref|\.table|\.lit|\.id|\.join)?\s*[`(]|import\s*\{[^}]*\bsql\b[^}]*\}\s*from\s*'kysely'/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('-test-fixture.ts')
      ? [full]
      : [];
  });
}

describe('the SQL layer (DESIGN habit 4)', () => {
  it('no file outside src/db builds SQL: handlers, services and pages go through repositories', () => {
    const outside = sourceFiles(SRC).filter((file) => !file.startsWith(path.join(SRC, 'db') + path.sep));
    expect(outside.length).toBeGreaterThan(100);
    const offenders = outside
      .filter((file) => QUERY_BUILDING.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });

  it('the check recognises query building (control)', () => {
    for (const line of [
      "db.selectFrom('people')",
      'trx.insertInto("x")',
      'sql`select 1`',
      "import { sql, type Kysely } from 'kysely'",
    ])
      expect(QUERY_BUILDING.test(line), line).toBe(true);
    for (const line of ["import type { Transaction } from 'kysely'", 'const sqlState = 1', 'results.select(x)'])
      expect(QUERY_BUILDING.test(line), line).toBe(false);
  });
});
