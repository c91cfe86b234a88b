// CI's PostgreSQL pass leaves out the unit files support/database-agnostic.ts finds unable to see
// which database is in use; a file that can see it must never be among them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserPageSuiteFiles, databaseAgnosticUnitFiles } from './database-agnostic.ts';

const root = path.resolve(import.meta.dirname, '../..');
const agnostic = databaseAgnosticUnitFiles();

describe('unit files left out of the second database pass (support/database-agnostic.ts)', () => {
  it('none of them opens a test database, reads the environment, names DATABASE_URL or starts a process itself', () => {
    const seesDatabase = agnostic.filter((file) =>
      /db\/testing\.ts|process\.env|DATABASE_URL|child_process|worker_threads/.test(
        readFileSync(path.join(root, file), 'utf8'),
      ),
    );
    expect(seesDatabase).toEqual([]);
  });

  it('a file that reaches the environment through an import is kept (config, database, child processes)', () => {
    for (const file of [
      'src/config/config.test.ts',
      'src/db/database.test.ts',
      'src/db/migrate.test.ts',
      'src/services/rate-limiter.test.ts',
    ])
      expect(agnostic, file).not.toContain(file);
  });

  it('pure files are found (cursor encoding, SQL-layer rules, the inventory)', () => {
    for (const file of [
      'src/db/pagination/cursor.test.ts',
      'src/db/sql-layer.test.ts',
      'contract-tests/inventory.test.ts',
    ])
      expect(agnostic, file).toContain(file);
  });
});

describe('page suites left out of the second database pass (support/database-agnostic.ts)', () => {
  const pageSuites = browserPageSuiteFiles();

  it('are the suites of web/ that drive Chromium, directly or through a helper (area-helpers.ts)', () => {
    for (const file of ['contract-tests/web/area-phone.test.ts', 'contract-tests/web/member-area.test.ts'])
      expect(pageSuites, file).toContain(file);
    expect(pageSuites.filter((file) => !file.startsWith('contract-tests/web/'))).toEqual([]);
  });

  it('keep the sweep over HTTP that requests every page of both areas on either database', () => {
    expect(pageSuites).not.toContain('contract-tests/web/area-safety.test.ts');
    expect(readFileSync(path.join(root, 'contract-tests/web/area-safety.test.ts'), 'utf8')).not.toMatch(/browser\.ts/);
  });

  it('keep browser flows of a protocol (password reset, the MCP SDK sign-in), which run on both', () => {
    for (const file of ['contract-tests/identity/password-reset.test.ts', 'contract-tests/mcp/sdk-auth-flow.test.ts'])
      expect(pageSuites, file).not.toContain(file);
  });
});
