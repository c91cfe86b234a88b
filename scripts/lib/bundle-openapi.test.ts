import { mkdtemp, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleOpenApi, refsOf } from './bundle-openapi.ts';

type Doc = { components: Record<string, Record<string, unknown>> };

describe('bundleOpenApi (DESIGN habit 13: names survive the build)', () => {
  it('keeps the named schemas, parameters and responses of spec/ under components, no $ref into #/paths', async () => {
    const document = (await bundleOpenApi('spec/openapi/openapi.yaml')) as unknown as Doc;
    const { schemas, parameters, responses } = document.components;
    for (const name of ['Course', 'Student', 'Order', 'Coupon', 'Problem', 'Enrollment', 'MembershipPlan', 'Event']) {
      expect(schemas, name).toHaveProperty(name);
    }
    expect(parameters).toHaveProperty('Limit');
    expect(parameters).toHaveProperty('Cursor');
    expect(responses).toHaveProperty('NotFound');
    expect(refsOf(document).filter((ref) => !ref.startsWith('#/components/'))).toEqual([]);
  });

  it('refuses two different things of one name instead of renaming one of them Name-2', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bundle-'));
    await mkdir(path.join(dir, 'a'));
    await mkdir(path.join(dir, 'b'));
    await writeFile(path.join(dir, 'a', 'x.yaml'), 'Thing: { type: string }\n');
    await writeFile(path.join(dir, 'b', 'x.yaml'), 'Thing: { type: integer }\n');
    const ok = (file: string) =>
      `{ description: ok, content: { application/json: { schema: { $ref: '${file}#/Thing' } } } }`;
    await writeFile(
      path.join(dir, 'root.yaml'),
      [
        'openapi: 3.0.3',
        'info: { title: t, version: "1" }',
        'paths:',
        '  /a: { get: { operationId: a, responses: { "200": ' + ok('./a/x.yaml') + ' } } }',
        '  /b: { get: { operationId: b, responses: { "200": ' + ok('./b/x.yaml') + ' } } }',
        '',
      ].join('\n'),
    );
    await expect(bundleOpenApi(path.join(dir, 'root.yaml'))).rejects.toThrow(/same name/);
  });
});
