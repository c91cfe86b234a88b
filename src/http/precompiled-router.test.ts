// The precompiled router must answer exactly as openapi-backend's own router (bench/FINDINGS.md "Precompiled router").
import { describe, expect, it } from 'vitest';
import { OpenAPIRouter, type Document } from 'openapi-backend';
import { loadBundledOpenApi } from './openapi-document.ts';
import { precompileRouter } from './precompiled-router.ts';

const definition = loadBundledOpenApi() as unknown as Document;

function outcome(router: OpenAPIRouter, method: string, path: string): string {
  try {
    return router.matchOperation({ method, path, headers: {} }, true).operationId ?? '?';
  } catch (error) {
    return (error as Error).message.slice(0, 3);
  }
}

describe('precompiled router', () => {
  const reference = new OpenAPIRouter({ definition, ignoreTrailingSlashes: false });
  const fast = new OpenAPIRouter({ definition, ignoreTrailingSlashes: false });
  precompileRouter(fast);
  const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '0191a2b3-c4d5-7e6f-8a9b-0c1d2e3f4a5b');
  const paths = reference
    .getOperations()
    .flatMap((op) => [concrete(op.path), `${concrete(op.path)}/`, `${concrete(op.path)}/extra`, op.path]);
  const methods = ['get', 'post', 'put', 'patch', 'delete', 'options', 'head'];

  it('matches every path of the document, and its neighbours, as openapi-backend does (404 and 405 alike)', () => {
    for (const path of [...paths, '/', '/nope', '/api/v1', '/api/v1/courses/a/b/c']) {
      for (const method of methods)
        expect(`${method} ${path} → ${outcome(fast, method, path)}`).toBe(
          `${method} ${path} → ${outcome(reference, method, path)}`,
        );
    }
  });

  it('keeps the operation list and lookup by operationId', () => {
    expect(fast.getOperations().map((op) => op.operationId)).toEqual(
      reference.getOperations().map((op) => op.operationId),
    );
    for (const op of reference.getOperations()) expect(fast.getOperation(op.operationId!)?.path).toBe(op.path);
  });
});
