// A client generated from the served /openapi.json type-checks (DESIGN habit 13: a client that
// @hey-api/openapi-ts generates from it type-checks): the document Second School serves (its own
// servers and OAuth URLs) is fed to @hey-api/openapi-ts with the plugins the project uses, and the
// output, with a small program calling three operations the way a developer would, compiles
// under the project's strict compiler options with no error.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@hey-api/openapi-ts';
import ts from 'typescript';
import { afterAll, describe, expect, inject, it } from 'vitest';

const origin = inject('secondaryOrigin') || inject('primaryOrigin');
const root = path.resolve(import.meta.dirname, '..', '..');

const USAGE = `import { createClient, createConfig } from './client/client/index.ts';
import { getCourse, listCourses, token } from './client/sdk.gen.ts';
import type { ListCoursesResponse } from './client/types.gen.ts';

export async function titles(accessToken: string): Promise<string[]> {
  const client = createClient(createConfig({ baseUrl: ORIGIN, headers: { Authorization: \`Bearer \${accessToken}\` } }));
  const page = await listCourses({ client, query: { limit: 10 } });
  const first: ListCoursesResponse['data'][number] | undefined = page.data?.data[0];
  if (first) await getCourse({ client, path: { course_id: first.id } });
  await token({ client, body: { grant_type: 'refresh_token', refresh_token: 'x', client_id: 'y' } });
  return (page.data?.data ?? []).map((course) => course.title);
}
`;

describe('a client generated from /openapi.json (DESIGN habit 13)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-client-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('@hey-api/openapi-ts generates a typed client from the served document, and a program using it compiles under strict options', async () => {
    const response = await fetch(`${origin}/openapi.json`);
    expect(response.status).toBe(200);
    const documentPath = path.join(dir, 'openapi.json');
    writeFileSync(documentPath, await response.text());
    // A developer's project is ESM, as this one is.
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    await createClient({
      input: documentPath,
      output: { path: path.join(dir, 'client'), importFileExtension: '.ts' },
      plugins: ['@hey-api/typescript', '@hey-api/sdk', '@hey-api/client-fetch'],
      logs: { level: 'silent', file: false },
    } as never);
    writeFileSync(path.join(dir, 'usage.ts'), `const ORIGIN = ${JSON.stringify(origin)};\n${USAGE}`);

    const config = ts.readConfigFile(path.join(root, 'tsconfig.json'), (file) => readFileSync(file, 'utf8'));
    const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
    const program = ts.createProgram([path.join(dir, 'usage.ts')], {
      ...options,
      typeRoots: [path.join(root, 'node_modules', '@types')],
      noEmit: true,
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map(
        (d) =>
          `${d.file ? path.relative(dir, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
      );
    expect(diagnostics).toEqual([]);
    // Not vacuous: a wrong call is an error.
    writeFileSync(
      path.join(dir, 'wrong.ts'),
      `import { getCourse } from './client/sdk.gen.ts';\nvoid getCourse({ path: { identifier: 1 } });\n`,
    );
    const wrong = ts.createProgram([path.join(dir, 'wrong.ts')], {
      ...options,
      typeRoots: [path.join(root, 'node_modules', '@types')],
      noEmit: true,
    });
    expect(ts.getPreEmitDiagnostics(wrong).length).toBeGreaterThan(0);
  }, 120_000);
});
