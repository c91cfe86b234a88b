// What CI's second pass of `npm test` (on PostgreSQL, TESTS_DATABASE_DEPENDENT_ONLY set) leaves out,
// having run it on the first; `npm test` alone runs every file.
// - Unit files that cannot tell the embedded database from PostgreSQL: nothing they load, test or
//   code, reads the environment (process.env, where DATABASE_URL chooses the database: src/db/
//   testing.ts for tests, src/config/config.ts for the service; a child process or worker inherits it).
// - Page suites in a browser (web/ files that load support/browser.ts; a browser flow of a protocol, as
//   in identity/ or mcp/, runs on both): what they add to the HTTP suites is what Chromium
//   does with a page (script, layout, language, axe-core). The pages themselves are rendered from the
//   same services on either database, and both passes request every page of both areas over HTTP
//   (web/area-safety.test.ts), with every API answer checked against the spec as it leaves.
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

/** True when `file` or anything it loads from this repository says what `pattern` matches. */
function loadsMatching(pattern: RegExp, file: string, seen: Map<string, boolean>, unreadable: boolean): boolean {
  const known = seen.get(file);
  if (known !== undefined) return known;
  seen.set(file, false); // an import cycle adds nothing the first visit does not find
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    seen.set(file, unreadable); // a path this scan cannot resolve
    return unreadable;
  }
  const found =
    pattern.test(source) ||
    localImportsOf(file, source).some((dependency) => loadsMatching(pattern, dependency, seen, unreadable));
  seen.set(file, found);
  return found;
}

/** True when `file` or anything it loads reads the environment (unreadable counts as reading it). */
const readsEnvironment = (file: string, seen: Map<string, boolean>) =>
  loadsMatching(READS_ENVIRONMENT, file, seen, true);

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

/** Loading Chromium: the one module that launches it. */
const LAUNCHES_BROWSER = /from\s*['"][./]*(?:support\/)?browser\.ts['"]/;

/** The page suites (relative to the repository) that drive Chromium. */
export function browserPageSuiteFiles(): string[] {
  const seen = new Map<string, boolean>();
  return testFilesUnder('contract-tests/web').filter((file) =>
    loadsMatching(LAUNCHES_BROWSER, path.join(root, file), seen, false),
  );
}
