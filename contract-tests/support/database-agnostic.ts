// Which unit test files cannot tell the embedded database from PostgreSQL: nothing they load, test
// or code, reads the environment (process.env, where DATABASE_URL chooses the database: src/db/
// testing.ts for tests, src/config/config.ts for the service; a child process or worker inherits it).
// Such a file runs the same on both databases, so CI's second pass of `npm test` (on PostgreSQL)
// leaves it out when TESTS_DATABASE_DEPENDENT_ONLY is set; `npm test` alone runs every file.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
/**
 * A file that reads the environment, names the variable, or starts a process or thread (which
 * inherits the environment without naming it).
 */
const READS_ENVIRONMENT =
  /process\.env|DATABASE_URL|\bprocess\s*\[|child_process|worker_threads|node:cluster|['"]cluster['"]/;
/** Static and dynamic imports, and re-exports, of a relative path. */
const LOCAL_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function localImportsOf(file: string, source: string): string[] {
  return [...source.matchAll(LOCAL_IMPORT)].map((match) => path.resolve(path.dirname(file), match[1]!));
}

/** True when `file` or anything it loads from this repository reads the environment. */
function readsEnvironment(file: string, seen = new Map<string, boolean>()): boolean {
  const known = seen.get(file);
  if (known !== undefined) return known;
  seen.set(file, false); // an import cycle adds nothing the first visit does not find
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    seen.set(file, true); // unreadable (a path this scan cannot resolve): count it as dependent
    return true;
  }
  const reads =
    READS_ENVIRONMENT.test(source) ||
    localImportsOf(file, source).some((dependency) => readsEnvironment(dependency, seen));
  seen.set(file, reads);
  return reads;
}

function testFilesUnder(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => path.join(folder, name));
}

/** The unit test files (relative to the repository) that run the same on either database. */
export function databaseAgnosticUnitFiles(): string[] {
  const seen = new Map<string, boolean>();
  return [
    ...testFilesUnder('src'),
    ...testFilesUnder('scripts'),
    'contract-tests/inventory.test.ts',
    'contract-tests/support/database-agnostic.test.ts',
  ].filter((file) => !readsEnvironment(path.join(root, file), seen));
}
