// The layer rules of .dependency-cruiser.cjs bite: each import the docs/development.md "Keeping the house" forbids,
// written into a small tree of its own, is reported under its rule, and the imports it allows are not.
// (`npm run lint:layers` runs the same configuration over src/ in CI; this proves it can fail.)
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '..');
const depcruise = path.join(repo, 'node_modules', '.bin', 'depcruise');

/** file -> what it imports (paths relative to the tree's root). */
const TREE: Record<string, string[]> = {
  'src/lib/time.ts': [],
  'src/lib/bad-lib.ts': ['src/services/school/catalog.ts'],
  'src/config/config.ts': ['src/lib/time.ts'],
  'src/db/repositories/courses.ts': ['src/lib/time.ts'],
  'src/db/bad-db.ts': ['src/services/school/catalog.ts'],
  'src/services/school/catalog.ts': ['src/db/repositories/courses.ts'],
  'src/services/bad-service.ts': ['src/http/problem.ts'],
  'src/http/problem.ts': [],
  'src/admin/handlers/listCourses.ts': ['src/services/school/catalog.ts'],
  'src/admin/handlers/badHandler.ts': ['src/db/repositories/courses.ts'],
  'src/wiring/handler-map.ts': ['src/admin/handlers/listCourses.ts', 'src/admin/handlers/badHandler.ts'],
  'src/web/bad-page.ts': ['src/admin/handlers/listCourses.ts'],
  'src/metrics/metrics.ts': ['src/lib/time.ts'],
  'src/metrics/bad-metrics.ts': ['src/services/school/catalog.ts'],
  'src/services/bad-wiring.ts': ['src/wiring/handler-map.ts'],
  'src/public/documents.ts': ['src/services/school/catalog.ts'],
  'src/public/handlers/getLlmsTxt.ts': ['src/public/documents.ts'],
  'src/mcp/resources.ts': ['src/public/documents.ts'],
  'src/mcp/tools.ts': ['src/mcp/resources.ts', 'src/http/problem.ts', 'src/services/school/catalog.ts'],
  'src/http/bad-kit.ts': ['src/web/bad-page.ts'],
  'src/graphql/bad-top.ts': ['src/wiring/handler-map.ts'],
  'src/app.ts': ['src/wiring/handler-map.ts', 'src/mcp/tools.ts'],
  'src/process/serve.ts': ['src/app.ts'],
  'src/mcp/cycle-a.ts': ['src/mcp/cycle-b.ts'],
  'src/mcp/cycle-b.ts': ['src/mcp/cycle-a.ts'],
};

let root: string;
let violations: { rule: string; from: string; to: string }[];

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'layer-rules-'));
  for (const [file, imports] of Object.entries(TREE)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    const lines = imports.map((target, i) => {
      const relative = path.relative(path.dirname(file), target);
      return `import * as m${i} from '${relative.startsWith('.') ? relative : `./${relative}`}';\nvoid m${i};`;
    });
    writeFileSync(path.join(root, file), `${lines.join('\n')}\nexport const here = ${JSON.stringify(file)};\n`);
  }
  copyFileSync(path.join(repo, '.dependency-cruiser.cjs'), path.join(root, '.dependency-cruiser.cjs'));
  writeFileSync(
    path.join(root, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { allowImportingTsExtensions: true, noEmit: true, module: 'nodenext' } }),
  );
  const { stdout } = await run(depcruise, ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
    cwd: root,
  }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
  const report = JSON.parse(stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  violations = report.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const rulesOf = (from: string) => new Set(violations.filter((v) => v.from === from).map((v) => v.rule));

describe('layer rules (docs/development.md "Keeping the house"; DESIGN habits 4, 15)', () => {
  it('lib/ imports nothing else of src', () => {
    expect(rulesOf('src/lib/bad-lib.ts')).toContain('lib-is-leaf');
  });

  it('db/ imports no service', () => {
    expect(rulesOf('src/db/bad-db.ts')).toContain('db-below-services');
  });

  it('a service imports no edge', () => {
    expect(rulesOf('src/services/bad-service.ts')).toContain('services-free-of-edges');
  });

  it('a handler reaches no repository', () => {
    expect(rulesOf('src/admin/handlers/badHandler.ts')).toContain('handlers-call-services-not-repositories');
  });

  it('only the handler map imports handlers', () => {
    expect(rulesOf('src/web/bad-page.ts')).toContain('handlers-reached-through-handler-maps');
    expect(rulesOf('src/wiring/handler-map.ts').size).toBe(0);
  });

  it('metrics/ imports no service', () => {
    expect(rulesOf('src/metrics/bad-metrics.ts')).toContain('metrics-below-services');
  });

  it('a service imports neither the route table nor anything above it', () => {
    expect(rulesOf('src/services/bad-wiring.ts')).toContain('services-free-of-edges');
    expect(rulesOf('src/services/bad-wiring.ts')).toContain('wiring-is-the-top');
  });

  it('an edge imports no other edge, and may import its own folder', () => {
    expect(rulesOf('src/mcp/resources.ts')).toContain('edges-never-import-each-other');
    expect(rulesOf('src/mcp/tools.ts').size).toBe(0);
  });

  it('the http/ kit imports no edge', () => {
    expect(rulesOf('src/http/bad-kit.ts')).toContain('http-is-the-shared-edge-kit');
  });

  it('only app.ts, process/ and main.ts import wiring/', () => {
    expect(rulesOf('src/graphql/bad-top.ts')).toContain('wiring-is-the-top');
    expect(rulesOf('src/app.ts').size).toBe(0);
    expect(rulesOf('src/process/serve.ts').size).toBe(0);
  });

  it('an import cycle is refused', () => {
    expect(rulesOf('src/mcp/cycle-a.ts')).toContain('no-circular');
  });

  it('the imports the layers allow are not reported', () => {
    for (const allowed of [
      'src/config/config.ts',
      'src/services/school/catalog.ts',
      'src/admin/handlers/listCourses.ts',
      'src/db/repositories/courses.ts',
      'src/metrics/metrics.ts',
      'src/public/documents.ts',
      'src/public/handlers/getLlmsTxt.ts',
    ]) {
      expect(rulesOf(allowed).size, allowed).toBe(0);
    }
  });
});
