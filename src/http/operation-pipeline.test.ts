// DESIGN "A faster edge, if built, is derived from the spec": checked against the spec's own path, with a test that both answer
// the same for every operation they share. For every operation of the bundled document, requests
// with valid, coercible, invalid and unknown parameters, bodies of each kind, and each outcome of
// the bearer guard go through openapi-backend's handleRequest and through operation-pipeline.ts on
// one backend (the same document, options, validators and handlers as the service's); each must
// reach the same handler with the same context: operation, path parameters, query as the handler
// sees it, body, cookies, security results and validation errors.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Context, OpenAPIBackend, Operation } from 'openapi-backend';
import { operationIds } from '../../generated/openapi/operations.ts';
import { createOpenApiBackend } from './openapi-backend.ts';
import { prepareOperationPipeline, type PipelineRequest } from './operation-pipeline.ts';

type Schema = {
  type?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  format?: string;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };

const HANDLER_NAMES = ['validationFail', 'unauthorizedHandler', 'notFound', 'methodNotAllowed'];

/** What a handler was given: the whole observable context, copied at the moment it ran. */
function recordOf(name: string, c: Context) {
  return structuredClone({
    handler: name,
    operationId: c.operation?.operationId ?? null,
    method: c.request.method,
    path: c.request.path,
    params: c.request.params,
    query: c.request.query,
    requestBody: c.request.requestBody ?? null,
    cookies: c.request.cookies,
    security: c.security ?? null,
    errors: c.validation?.errors ?? null,
  });
}

let api: OpenAPIBackend;
let pipeline: ReturnType<typeof prepareOperationPipeline>;

beforeAll(async () => {
  api = await createOpenApiBackend((backend) => {
    for (const operationId of operationIds) backend.register(operationId, (c: Context) => recordOf('operation', c));
    for (const name of HANDLER_NAMES) backend.register(name, (c: Context) => recordOf(name, c));
    // The guard's outcomes: an answer, a falsy answer, a thrown challenge, and what it saw.
    backend.registerSecurityHandler('oauth2', (c: Context) => {
      const header = (c.request.headers as Record<string, string | undefined>).authorization;
      if (header === 'Bearer ok') return { scopes: ['courses:read'], operation: c.operation.operationId };
      if (header === 'Bearer falsy') return false;
      throw new Error(`refused for ${c.operation.operationId}`);
    });
  });
  pipeline = prepareOperationPipeline(api);
}, 60_000);

function sampleOf(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return 'x';
  const variant = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (variant) return sampleOf(variant, depth + 1);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sampleOf(part, depth + 1) as object));
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return 3;
    case 'boolean':
      return true;
    case 'array':
      return [sampleOf(schema.items, depth + 1)];
    case 'object': {
      const sample: Record<string, unknown> = {};
      for (const name of schema.required ?? []) sample[name] = sampleOf(schema.properties?.[name], depth + 1);
      return sample;
    }
    default:
      return schema.format === 'uri'
        ? 'https://example.com/x'
        : schema.format === 'date-time'
          ? '2026-01-01T00:00:00Z'
          : 'x';
  }
}

/** Query strings as express's simple parser gives them: strings, and arrays for repeated names. */
function queriesOf(parameters: Parameter[]): Array<Record<string, string | string[]>> {
  const query = parameters.filter((p) => p.in === 'query');
  const valid: Record<string, string | string[]> = {};
  for (const p of query) {
    const sample = sampleOf(p.schema);
    valid[p.name] = Array.isArray(sample) ? sample.map(String) : String(sample);
  }
  const variants: Array<Record<string, string | string[]>> = [{}, valid, { ...valid, unknown_parameter: '1' }];
  for (const p of query) {
    variants.push({ ...valid, [p.name]: 'not-a-valid-value-%' }); // wrong type, enum or format
    variants.push({ ...valid, [p.name]: ['1', '2'] }); // repeated
    const single = sampleOf(p.schema);
    if (Array.isArray(single)) variants.push({ ...valid, [p.name]: String(single[0]) }); // one value of an array
  }
  return variants;
}

function bodiesOf(operation: Operation): Array<{ body: unknown; contentType?: string }> {
  const content = (operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content;
  const bodies: Array<{ body: unknown; contentType?: string }> = [{ body: undefined }];
  if (!content) return bodies;
  for (const [mediaType, { schema }] of Object.entries(content)) {
    bodies.push({ body: sampleOf(schema), contentType: mediaType });
    bodies.push({ body: {}, contentType: mediaType });
    bodies.push({ body: { unexpected: [1, { a: null }] }, contentType: mediaType });
  }
  bodies.push({ body: '{"unfinished": ', contentType: 'application/json' });
  bodies.push({ body: '{"parsed": "from a string"}', contentType: 'text/plain' });
  bodies.push({ body: null, contentType: 'application/json' });
  return bodies;
}

function pathsOf(template: string): string[] {
  return [
    template.replace(/\{[^}]+\}/g, 'abc'),
    template.replace(/\{[^}]+\}/g, '42'),
    template.replace(/\{[^}]+\}/g, 'a%20b'),
  ];
}

function requestsOf(operation: Operation): PipelineRequest[] {
  const parameters = (operation.parameters ?? []) as unknown as Parameter[];
  const requests: PipelineRequest[] = [];
  const [path] = pathsOf(operation.path);
  const auth = ['Bearer ok', 'Bearer falsy', 'Bearer refused', undefined];
  for (const authorization of auth) {
    for (const query of queriesOf(parameters)) {
      requests.push({ method: operation.method.toUpperCase(), path: path!, query, headers: headersOf(authorization) });
    }
    for (const { body, contentType } of bodiesOf(operation)) {
      requests.push({
        method: operation.method.toUpperCase(),
        path: path!,
        query: {},
        headers: headersOf(authorization, contentType),
        body,
      });
    }
  }
  for (const other of pathsOf(operation.path).slice(1)) {
    requests.push({
      method: operation.method,
      path: other,
      query: {},
      headers: headersOf('Bearer ok', undefined, 'a=1; b=two'),
    });
  }
  // Routing failures: another method on the path (405 or another operation), a path no operation has (404).
  requests.push({ method: 'PATCH', path: path!, query: {}, headers: headersOf('Bearer ok') });
  requests.push({ method: 'DELETE', path: path!, query: {}, headers: {} });
  requests.push({ method: operation.method, path: `${path}/no-such-thing/`, query: {}, headers: {} });
  requests.push({ method: operation.method, path: ` ${path}?ignored=1`, query: {}, headers: {} });
  return requests;
}

function headersOf(authorization?: string, contentType?: string, cookie?: string): Record<string, string> {
  return {
    ...(authorization ? { authorization } : {}),
    ...(contentType ? { 'content-type': contentType } : {}),
    ...(cookie ? { cookie } : {}),
  };
}

describe('operation-pipeline.ts answers as openapi-backend handleRequest (DESIGN: one route table, a faster edge answers as the spec path does)', () => {
  it('reaches the same handler with the same context for every operation of the spec', async () => {
    let compared = 0;
    const outcomes = new Set<string>();
    for (const operation of api.router.getOperations()) {
      for (const request of requestsOf(operation)) {
        // Ajv coerces a body in place: each path gets its own copy of the request.
        const expected = (await api.handleRequest(structuredClone(request))) as { handler: string };
        const actual = await pipeline(structuredClone(request));
        expect({ operation: operation.operationId, request, answer: actual }).toEqual({
          operation: operation.operationId,
          request,
          answer: expected,
        });
        outcomes.add(expected.handler);
        compared += 1;
      }
    }
    // The corpus reaches every outcome, so no branch of the pipeline goes unchecked.
    expect([...outcomes].sort()).toEqual([
      'methodNotAllowed',
      'notFound',
      'operation',
      'unauthorizedHandler',
      'validationFail',
    ]);
    expect(compared).toBeGreaterThan(api.router.getOperations().length * 20);
  }, 120_000);
});
