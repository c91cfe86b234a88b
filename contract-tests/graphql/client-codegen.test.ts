// A client developer's first step: graphql-codegen's client preset, run on the SDL the school
// publishes at /account/graphql/schema.graphql (no token), types a viewer query that a strict
// TypeScript compile accepts with zero errors; enums arrive as enums (GraphQL spec 3.9), not
// strings. One codegen and one compile, a few seconds in all.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from '@graphql-codegen/cli';
import ts from 'typescript';
import { afterAll, describe, expect, inject, it } from 'vitest';

const origin = inject('primaryOrigin');
// The test depends only on the published document, which is the same on either database.
const skipReason = process.env.DATABASE_URL ? 'it checks the SDL only, which the PGlite pass covers' : '';
if (skipReason) console.warn(`[contract] skipping client-codegen.test.ts: ${skipReason}`);

// Inside the repository, so that the generated code resolves its imports from its node_modules.
const cache = path.resolve('node_modules/.cache');
mkdirSync(cache, { recursive: true });
const dir = skipReason ? '' : mkdtempSync(path.join(cache, 'client-codegen-'));
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const VIEWER = `import { graphql } from './gql';
import type { ResultOf } from '@graphql-typed-document-node/core';

export const ViewerDocument = graphql(\`
  query Viewer($after: String) {
    viewer {
      id
      roles
      enrolledCourses(first: 10, after: $after) {
        edges { cursor node { slug status expireDate progress { percentComplete } } }
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
        totalCount
      }
      orders(last: 5) { nodes { number status total { amount currency } items { itemType } } }
    }
  }
\`);

type Viewer = ResultOf<typeof ViewerDocument>['viewer'];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// Each closed set is the union of its values, never a plain string.
export const roles: Same<Viewer['roles'][number], 'owner' | 'admin' | 'lecturer' | 'student'> = true;
export const status: Same<
  Viewer['enrolledCourses']['edges'][number]['node']['status'],
  'active' | 'expired' | 'revoked'
> = true;
export const orderStatus: Same<
  Viewer['orders']['nodes'][number]['status'],
  'not_paid' | 'paid' | 'failed' | 'refunded' | 'expired' | 'manual'
> = true;
export const next = (viewer: Viewer): string | null =>
  viewer.enrolledCourses.pageInfo.hasNextPage ? viewer.enrolledCourses.pageInfo.endCursor : null;
`;

/** The values of a generated enum type (`export type Role = | 'admin' | ...;`, doc comments between). */
function valuesOf(source: string, name: string): string[] {
  const body = new RegExp(`export type ${name} =((?:\\s*(?:/\\*\\*.*?\\*/|\\| '\\w+'))+)`).exec(source)?.[1] ?? '';
  return [...body.matchAll(/^\s*\| '(\w+)'/gm)].map((m) => m[1]!).sort();
}

describe.skipIf(skipReason)('a typed client generated from the published SDL (graphql-codegen client preset)', () => {
  it(
    'compiles a typed viewer query under strict TypeScript with zero errors, enums as enums',
    { timeout: 60_000 },
    async () => {
      const response = await fetch(`${origin}/account/graphql/schema.graphql`);
      expect(response.status).toBe(200);
      writeFileSync(path.join(dir, 'schema.graphql'), await response.text());
      writeFileSync(path.join(dir, 'viewer.ts'), VIEWER);
      await generate(
        {
          schema: path.join(dir, 'schema.graphql'),
          documents: [path.join(dir, 'viewer.ts')],
          silent: true,
          generates: {
            [`${path.join(dir, 'gql')}/`]: {
              preset: 'client',
              presetConfig: { fragmentMasking: false },
              config: {
                enumsAsTypes: true,
                useTypeImports: true,
                strictScalars: true,
                scalars: { DateTime: 'string' },
              },
            },
          },
        },
        true,
      );
      const generated = readFileSync(path.join(dir, 'gql', 'graphql.ts'), 'utf8');
      expect(valuesOf(generated, 'Role')).toEqual(['admin', 'lecturer', 'owner', 'student']);
      expect(valuesOf(generated, 'EnrollmentStatus')).toEqual(['active', 'expired', 'revoked']);
      expect(valuesOf(generated, 'OrderStatus')).toEqual([
        'expired',
        'failed',
        'manual',
        'not_paid',
        'paid',
        'refunded',
      ]);

      const program = ts.createProgram([path.join(dir, 'viewer.ts')], {
        strict: true,
        noUncheckedIndexedAccess: true,
        noUnusedLocals: true,
        noEmit: true,
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
      });
      const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(errors).toEqual([]);
    },
  );
});
