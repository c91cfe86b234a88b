// One shape for what a client meets often (DESIGN habit 13), checked over the bundled document that
// /openapi.json serves: identifiers in paths, pagination, and the error shape of every operation
// that answers RFC 9457 problems. A new operation that breaks a shape fails here, by name.
import { describe, expect, it } from 'vitest';
import { bundleOpenApi } from './lib/bundle-openapi.ts';

type Node = { [key: string]: unknown };
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

const document = await bundleOpenApi('spec/openapi/openapi.yaml');

/** The value at a path of keys, or undefined. */
function at(node: unknown, ...keys: string[]): Node | undefined {
  let current = node;
  for (const key of keys) current = current && typeof current === 'object' ? (current as Node)[key] : undefined;
  return current && typeof current === 'object' ? (current as Node) : undefined;
}
const text = (node: unknown, key: string): string | undefined => {
  const value = at(node)?.[key];
  return typeof value === 'string' ? value : undefined;
};

/** The component a local $ref names, followed until it is not a $ref. */
function resolve(node: unknown): Node | undefined {
  let current = at(node);
  for (let hops = 0; current && text(current, '$ref') && hops < 10; hops++) {
    const [, , kind, name] = text(current, '$ref')!.split('/');
    current = at(document, 'components', kind!, name!);
  }
  return current;
}

type Operation = { id: string; method: string; op: Node; parameters: Node[] };
const operations: Operation[] = Object.values(at(document, 'paths')!).flatMap((item) =>
  METHODS.filter((m) => at(item, m)).map((method) => ({
    id: text(at(item, method), 'operationId')!,
    method,
    op: at(item, method)!,
    parameters: [
      ...((at(item, 'parameters') ?? []) as unknown as Node[]),
      ...((at(item, method, 'parameters') ?? []) as unknown as Node[]),
    ],
  })),
);
const isOAuth = (o: Operation) => ((o.op.tags ?? []) as string[]).includes('OAuth');
const successBody = (o: Operation) =>
  resolve(at(resolve(at(o.op, 'responses', '200')), 'content', 'application/json', 'schema'));

describe('path parameters: one name per thing (OpenAPI Parameter Object; DESIGN habit 13)', () => {
  it('every path parameter is a named component, in snake_case, and an identifier is <thing>_id of format uuid', () => {
    const wrong: string[] = [];
    for (const o of operations) {
      for (const ref of o.parameters) {
        const parameter = resolve(ref)!;
        const name = text(parameter, 'name')!;
        if (parameter.in !== 'path') continue;
        if (!text(ref, '$ref')) wrong.push(`${o.id}: {${name}} is inline, not a component`);
        if (!/^[a-z]+(_[a-z]+)*$/.test(name)) wrong.push(`${o.id}: {${name}} is not snake_case`);
        const uuid = text(resolve(parameter.schema), 'format') === 'uuid';
        if (uuid !== name.endsWith('_id')) wrong.push(`${o.id}: {${name}} uuid/_id mismatch`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a path parameter name means one thing: every use of it is the same component', () => {
    const componentsOf = new Map<string, Set<string>>();
    for (const o of operations)
      for (const ref of o.parameters) {
        const parameter = resolve(ref)!;
        if (parameter.in !== 'path') continue;
        const name = text(parameter, 'name')!;
        componentsOf.set(name, (componentsOf.get(name) ?? new Set()).add(text(ref, '$ref') ?? 'inline'));
      }
    const ambiguous = [...componentsOf]
      .filter(([, refs]) => refs.size > 1)
      .map(([name, refs]) => `${name}: ${[...refs].join()}`);
    expect(ambiguous).toEqual([]);
    expect(componentsOf.get('course_id')).toBeDefined();
  });
});

describe('pagination: one shape on every list (OpenAPI document, "Pagination")', () => {
  const lists = operations.filter((o) => o.method === 'get' && at(successBody(o), 'properties', 'next_cursor'));

  it('every list takes limit and cursor, the shared components, and no other paging parameter', () => {
    expect(lists.length).toBeGreaterThanOrEqual(20);
    const wrong: string[] = [];
    for (const o of lists) {
      const refs = o.parameters.map((p) => text(p, '$ref'));
      if (!refs.includes('#/components/parameters/Limit')) wrong.push(`${o.id}: no Limit`);
      if (!refs.includes('#/components/parameters/Cursor')) wrong.push(`${o.id}: no Cursor`);
      const names = o.parameters.map((p) => text(resolve(p), 'name'));
      for (const other of ['page', 'offset', 'per_page', 'page_size', 'after', 'before', 'starting_after'])
        if (names.includes(other)) wrong.push(`${o.id}: ${other}`);
    }
    expect(wrong).toEqual([]);
  });

  it('every list answers { data: [...], next_cursor } with the one NextCursor schema', () => {
    const wrong: string[] = [];
    for (const o of lists) {
      const body = successBody(o)!;
      if (text(resolve(at(body, 'properties', 'data')), 'type') !== 'array')
        wrong.push(`${o.id}: data is not an array`);
      if (text(at(body, 'properties', 'next_cursor'), '$ref') !== '#/components/schemas/NextCursor')
        wrong.push(`${o.id}: a next_cursor of its own`);
      const required = (body.required ?? []) as string[];
      if (!required.includes('data') || !required.includes('next_cursor')) wrong.push(`${o.id}: optional`);
    }
    expect(wrong).toEqual([]);
  });

  it('no operation outside the lists takes a cursor', () => {
    const withCursor = operations.filter((o) => o.parameters.some((p) => text(resolve(p), 'name') === 'cursor'));
    expect(withCursor.map((o) => o.id).sort()).toEqual(lists.map((o) => o.id).sort());
  });
});

describe('errors: one shape on every operation that answers problems (RFC 9457; OpenAPI document, "Errors")', () => {
  it('every 4xx and 5xx of a non-OAuth operation is application/problem+json with the Problem schema, 401 and 403 included', () => {
    const wrong: string[] = [];
    for (const o of operations.filter((x) => !isOAuth(x))) {
      for (const [status, ref] of Object.entries(at(o.op, 'responses')!)) {
        if (!/^[45]/.test(status)) continue;
        // A readiness probe's 503 is read by load balancers, not clients: its documented body is the probe's own.
        if (o.id === 'getReadiness' && status === '503') continue;
        const content = at(resolve(ref), 'content') ?? {};
        const types = Object.keys(content);
        if (types.join() !== 'application/problem+json') wrong.push(`${o.id} ${status}: ${types.join() || 'no body'}`);
        else if (text(at(content, 'application/problem+json', 'schema'), '$ref') !== '#/components/schemas/Problem')
          wrong.push(`${o.id} ${status}: not the Problem schema`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every operation that needs a token documents its 401 and 403', () => {
    const needsToken = (o: Operation) => ((o.op.security ?? []) as Node[]).some((r) => Object.keys(r).length > 0);
    const wrong = operations
      .filter((o) => !isOAuth(o) && needsToken(o))
      .filter((o) => !at(o.op, 'responses', '401') || !at(o.op, 'responses', '403'))
      .map((o) => o.id);
    expect(wrong).toEqual([]);
  });

  it('every operation documents its 400: a query parameter it does not take is refused on every operation (docs/development.md "Responses against the spec: one layer")', () => {
    const wrong = operations.filter((o) => !at(o.op, 'responses', '400')).map((o) => o.id);
    expect(wrong).toEqual([]);
  });
});
