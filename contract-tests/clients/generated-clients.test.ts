// Clients generated from the document a running school serves (DESIGN habit 13: names survive the
// build): @hey-api/openapi-ts, openapi-typescript with openapi-fetch, and orval each generate a
// client from /openapi.json with the commands of contract-tests/README.md ("Generate a client");
// a small program per client lists courses with an operator token and creates one; one strict
// tsc run compiles the three (and emits them), and each program then runs against the server.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { operatorToken } from '../support/tokens.ts';
import { HEY_API, NAMED_MODELS, OPENAPI_FETCH, ORVAL, ORVAL_CONFIG, SHARED } from './programs.ts';

const run = promisify(execFile);
const origin = inject('primaryOrigin');
const root = path.resolve(import.meta.dirname, '..', '..');

/** A package's command, run by this Node (24) rather than whichever `node` a shell would find. */
function command(pkg: string, name: string): string {
  const manifest = JSON.parse(readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as {
    bin: Record<string, string>;
  };
  return path.join(root, 'node_modules', pkg, manifest.bin[name]!);
}

// The generators' own settings are their defaults; the compiler is strict as a careful project is.
// exactOptionalPropertyTypes stays off: @hey-api/openapi-ts 0.95's bundled fetch runtime (client/,
// core/) does not compile with it (16 errors, none in its models or SDK), while openapi-typescript
// and orval do; noUncheckedIndexedAccess and strict are on, and skipLibCheck is off so that
// openapi-typescript's schema.d.ts is checked too.
const TSCONFIG = {
  compilerOptions: {
    target: 'es2024',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    lib: ['es2024', 'DOM', 'DOM.Iterable'],
    types: ['node'],
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: false,
    skipLibCheck: false,
    outDir: 'out',
    rootDir: '.',
  },
  include: ['*.ts', 'hey-api', 'openapi-typescript', 'orval'],
};

const PROGRAMS = {
  '@hey-api/openapi-ts': { file: 'hey-api.ts', source: HEY_API, models: 'hey-api/types.gen.ts' },
  'openapi-typescript + openapi-fetch': {
    file: 'openapi-fetch.ts',
    source: OPENAPI_FETCH,
    models: 'openapi-typescript/schema.d.ts',
  },
  orval: { file: 'orval.ts', source: ORVAL, models: 'orval/school.ts' },
} as const;
type Generator = keyof typeof PROGRAMS;
const GENERATORS = Object.keys(PROGRAMS) as Generator[];

// The clients depend only on the document, the same on both databases: CI checks them on its
// PGlite run and skips them on its PostgreSQL run (.ci/run runs the suite once on each).
describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'clients generated from /openapi.json (DESIGN habit 13; OpenAPI 3.0 components)',
  () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'generated-clients-'));
    const created: string[] = [];
    let token = '';
    let diagnostics: string[] = [];

    beforeAll(async () => {
      token = await operatorToken(origin, 'courses:read courses:write');
      const response = await fetch(`${origin}/openapi.json`);
      expect(response.status).toBe(200);
      writeFileSync(path.join(dir, 'openapi.json'), await response.text());
      // A developer's ESM project, with openapi-fetch and @types/node installed.
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
      symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
      writeFileSync(path.join(dir, 'orval.config.mjs'), ORVAL_CONFIG);
      const node = (script: string, args: string[]) => run(process.execPath, [script, ...args], { cwd: dir });
      await Promise.all([
        node(command('@hey-api/openapi-ts', 'openapi-ts'), ['-i', 'openapi.json', '-o', 'hey-api']),
        node(command('openapi-typescript', 'openapi-typescript'), [
          'openapi.json',
          '-o',
          'openapi-typescript/schema.d.ts',
          '--root-types',
          '--root-types-no-schema-prefix',
        ]),
        node(command('orval', 'orval'), ['--config', 'orval.config.mjs']),
      ]);
      writeFileSync(path.join(dir, 'shared.ts'), SHARED);
      for (const { file, source } of Object.values(PROGRAMS)) writeFileSync(path.join(dir, file), source);
      writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
      // One compiler run checks all three and writes the JavaScript the programs run as. It prints
      // nothing when all is well; on failure its diagnostics are on stdout (or it did not run).
      const output = await node(command('typescript', 'tsc'), ['-p', '.', '--pretty', 'false']).then(
        () => '',
        (error: Error & { stdout?: string }) => error.stdout || error.message,
      );
      diagnostics = output.split('\n').filter((line) => line.trim() !== '');
    }, 120_000);

    afterAll(async () => {
      // The created courses are drafts nobody else needs: leave the school as it was.
      for (const id of created)
        await fetch(`${origin}/api/v1/courses/${id}`, {
          method: 'DELETE',
          headers: { Authorization: `Bearer ${token}` },
        });
      // The link to the project's node_modules goes first, so that nothing can reach through it.
      unlinkSync(path.join(dir, 'node_modules'));
      rmSync(dir, { recursive: true, force: true });
    });

    it('all three clients and their programs compile under strict tsc (noUncheckedIndexedAccess) with zero errors (DESIGN habit 13)', () => {
      expect(diagnostics).toEqual([]);
    });

    it.each(GENERATORS)('%s declares the resources as named models (OpenAPI 3.0 components.schemas)', (generator) => {
      const declarations = readFileSync(path.join(dir, PROGRAMS[generator].models), 'utf8');
      const missing = NAMED_MODELS.filter(
        (name) => !new RegExp(`^export (type|interface) ${name}\\b`, 'm').test(declarations),
      );
      expect(missing).toEqual([]);
    });

    it.each(GENERATORS)(
      '%s: a program lists courses with an operator token and creates one, which the school then serves (OpenAPI listCourses, createCourse)',
      async (generator) => {
        const title = `Generated client ${generator} ${Date.now()}`;
        const program = path.join(dir, 'out', PROGRAMS[generator].file.replace(/\.ts$/, '.js'));
        const { stdout } = await run(process.execPath, [program], {
          cwd: dir,
          env: { ...process.env, SCHOOL_ORIGIN: origin, SCHOOL_TOKEN: token, COURSE_TITLE: title },
        });
        const outcome = JSON.parse(stdout) as { id: string; title: string; status: string; listed: boolean };
        created.push(outcome.id);
        expect(outcome).toEqual({ id: expect.any(String), title, status: 'draft', listed: true });
        // Not the program's word alone: the school serves the course it created.
        const served = await fetch(`${origin}/api/v1/courses/${outcome.id}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        expect(served.status).toBe(200);
        expect(await served.json()).toMatchObject({ id: outcome.id, title });
      },
    );
  },
);
