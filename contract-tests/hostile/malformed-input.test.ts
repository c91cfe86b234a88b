// No 500 from input: malformed percent-encoding in any path, and forged or
// tampered cursors on every paginated operation, answer 400 in the documented shape (RFC 9457
// problem details on the admin API, GraphQL BAD_USER_INPUT, an MCP isError result or invalid
// params), never a 5xx and never the server's internals.
//
// The operations come from the running server's own /openapi.json, not a hand list: every path of
// every operation gets malformed segments, and every operation with a `cursor` query parameter gets
// the forged cursors in every documented sort, so a new operation is covered the day it is added.
// The GraphQL connections come from the SDL (every field with an `after` argument) and the MCP
// tools from tools/list (every tool with a `cursor` argument).
//
//   npx vitest run --project contract contract-tests/hostile/malformed-input.test.ts
import { readFileSync } from 'node:fs';
import { buildSchema, isObjectType } from 'graphql';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { memberToken, operatorToken } from '../support/tokens.ts';
import { send, type WireResponse } from './fuzz-kit.ts';
import {
  FORGED_CURSORS,
  KIND_FORGERIES,
  kindOfCursor,
  MALFORMED_SEGMENTS,
  moveCursor,
  tamper,
  TIME_KEY_FORGERIES,
  type CursorKind,
} from './malformed-input-cases.ts';

const origin = inject('primaryOrigin');

type Json = Record<string, unknown>;
type Param = { name: string; in: string; schema?: Json };
type Operation = { id: string; method: string; path: string; tags: string[]; scopes: string[]; params: Param[] };

let operations: Operation[] = [];

/** The operations of the served document, with their parameters' $refs resolved. */
async function loadOperations(): Promise<Operation[]> {
  const document = (await (await fetch(`${origin}/openapi.json`)).json()) as Json;
  const resolve = (node: Json): Json =>
    typeof node.$ref === 'string'
      ? resolve(
          node.$ref
            .slice(2)
            .split('/')
            .reduce<Json>((n, key) => n[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, document),
        )
      : node;
  const globalSecurity = (document.security as Json[] | undefined) ?? [];
  return Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, raw]) => {
        const op = raw as Json;
        const params = [...((item.parameters as Json[]) ?? []), ...((op.parameters as Json[]) ?? [])].map(
          (p) => resolve(p) as unknown as Param,
        );
        const security = (op.security as Json[] | undefined) ?? globalSecurity;
        const scopes = security.flatMap((s) => Object.values(s).flat() as string[]);
        return {
          id: String(op.operationId),
          method: method.toUpperCase(),
          path,
          tags: (op.tags as string[]) ?? [],
          scopes,
          params,
        };
      }),
  );
}

/** The error shape an operation documents (http/error-surface.ts): OAuth JSON, OAuth pages, problems. */
function surfaceOf(op: Operation | undefined): 'oauth' | 'page' | 'problem' {
  if (!op?.tags.includes('OAuth')) return 'problem';
  return op.path.startsWith('/oauth/') ? 'page' : 'oauth';
}

/** Why an answer is not the documented 400 of its surface; undefined when it is. */
function not400(response: WireResponse, surface: 'oauth' | 'page' | 'problem'): string | undefined {
  if (response.status !== 400) return `status ${response.status}: ${response.text.slice(0, 160)}`;
  if (/\bat .*\(|node_modules|\/src\/|URIError/.test(response.text)) return 'internals in the body';
  const type = String(response.headers['content-type'] ?? '');
  if (surface === 'page') return type.startsWith('text/html') ? undefined : `a page answered ${type}`;
  let body: Json;
  try {
    body = JSON.parse(response.text) as Json;
  } catch {
    return `not JSON: ${type}`;
  }
  if (surface === 'oauth')
    return body.error === 'invalid_request' ? undefined : `not invalid_request: ${response.text.slice(0, 160)}`;
  if (!type.startsWith('application/problem+json') || body.status !== 400 || typeof body.title !== 'string')
    return `not a 400 problem (RFC 9457): ${type} ${response.text.slice(0, 160)}`;
  return undefined;
}

/** Sends the requests four at a time; returns `label: reason` for each answer `check` finds wrong. */
async function findings(
  cases: Array<{
    label: string;
    target: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    check: (r: WireResponse) => string | undefined;
  }>,
): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < cases.length; i += 4) {
    await Promise.all(
      cases.slice(i, i + 4).map(async (c) => {
        const response = await send(origin, {
          method: c.method ?? 'GET',
          target: c.target,
          headers: c.headers,
          body: c.body,
        });
        const reason = c.check(response);
        if (reason) found.push(`${c.label}: ${reason}`);
      }),
    );
  }
  return found;
}

beforeAll(async () => {
  operations = await loadOperations();
  expect(operations.length).toBeGreaterThan(50);
});

describe('malformed percent-encoding in any path is a 400, never a 500', () => {
  it(
    'every segment of every operation path in the OpenAPI document, and paths outside it',
    { timeout: 120_000 },
    async () => {
      const cases = operations.flatMap((op, n) => {
        const segments = op.path.split('/');
        return segments.flatMap((segment, i) => {
          if (i === 0) return [];
          const bad = MALFORMED_SEGMENTS[(n + i) % MALFORMED_SEGMENTS.length]!;
          const isParam = /^\{.+\}$/.test(segment);
          const target = [
            ...segments.slice(0, i),
            isParam ? bad : `${segment}${bad}`,
            ...segments.slice(i + 1).map((s) => (/^\{.+\}$/.test(s) ? '00000000-0000-4000-8000-000000000000' : s)),
          ].join('/');
          // A malformed parameter keeps the operation's path, so its surface; a malformed literal matches no operation.
          return [
            {
              label: `${op.method} ${target} (${op.id})`,
              method: op.method,
              target,
              headers: op.method === 'GET' ? {} : { 'content-type': 'application/json' },
              body: op.method === 'GET' ? undefined : '{}',
              check: (r: WireResponse) =>
                not400(
                  r,
                  isParam ? surfaceOf(op) : r.headers['content-type']?.startsWith('text/html') ? 'page' : 'problem',
                ),
            },
          ];
        });
      });
      const outside = [
        '/%',
        '/%zz',
        '/account/%zz',
        '/.well-known/%ff',
        '/mcp/%',
        '/admin/%',
        '/admin/courses/%E0%A4%A',
        '/account/graphql/%',
        '/oauth/%C0%AF',
        '/api/v1/%ED%A0%80',
        '/auth.md%',
        '/%F4%90%80%80',
      ].flatMap((target) =>
        ['GET', 'POST'].map((method) => ({
          label: `${method} ${target}`,
          method,
          target,
          check: (r: WireResponse) => not400(r, 'problem'),
        })),
      );
      expect(cases.length).toBeGreaterThan(operations.length);
      expect(await findings([...cases, ...outside])).toEqual([]);
    },
  );
});

describe('a forged or tampered cursor is a 400 on every paginated operation', () => {
  type Walk = {
    op: Operation;
    sort: string | undefined;
    base: string;
    headers: Record<string, string>;
    kind: CursorKind | undefined;
    realCursor: string | undefined;
  };
  const walks: Walk[] = [];

  /**
   * A real id for a path parameter: the oldest item of the first page of the list one level up (lists
   * are newest first). Other suites delete what they made a moment ago, never what is this old.
   */
  async function parentId(path: string, headers: Record<string, string>): Promise<string> {
    const parent = path.slice(0, path.indexOf('/{'));
    const response = await send(origin, { method: 'GET', target: `${parent}?limit=100`, headers });
    const id =
      response.status === 200
        ? (JSON.parse(response.text) as { data?: Array<{ id?: string }> }).data?.at(-1)?.id
        : undefined;
    return id ?? '00000000-0000-4000-8000-000000000000';
  }

  beforeAll(async () => {
    const paged = operations.filter(
      (op) => op.method === 'GET' && op.params.some((p) => p.in === 'query' && p.name === 'cursor'),
    );
    expect(paged.length).toBeGreaterThan(10);
    const scopes = [...new Set(paged.flatMap((op) => op.scopes))].sort();
    const token = await operatorToken(origin, scopes.join(' '));
    // The demo schools have no webhook endpoint: one here gives listWebhookDeliveries a real parent
    // (at a host that never resolves, RFC 6761 6.4).
    const writer = await operatorToken(origin, 'webhooks:write courses:read');
    const endpoint = await send(origin, {
      method: 'POST',
      target: '/api/v1/webhooks',
      headers: { authorization: `Bearer ${writer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://cursor-walk.invalid/hook', event_types: ['course.published'] }),
    });
    expect(endpoint.status).toBe(201);
    for (const op of paged) {
      const headers: Record<string, string> = op.scopes.length ? { authorization: `Bearer ${token}` } : {};
      let base = op.path;
      for (const param of op.path.match(/\{[^}]+\}/g) ?? []) base = base.replace(param, await parentId(base, headers));
      const sortParam = op.params.find((p) => p.in === 'query' && p.name === 'sort');
      for (const sort of [undefined, ...((sortParam?.schema?.enum as string[] | undefined) ?? [])]) {
        const first = await send(origin, {
          method: 'GET',
          target: `${base}?limit=1${sort ? `&sort=${encodeURIComponent(sort)}` : ''}`,
          headers,
        });
        expect(first.status, `${op.id} ${sort ?? ''}: ${first.text.slice(0, 200)}`).toBe(200);
        const realCursor = (JSON.parse(first.text) as { next_cursor?: string | null }).next_cursor ?? undefined;
        walks.push({ op, sort, base, headers, kind: realCursor ? kindOfCursor(realCursor) : undefined, realCursor });
      }
    }
  }, 120_000);

  /** The sort a walk pages in: the one it names, or the operation's documented default. */
  const sortOf = (walk: Walk) =>
    walk.sort ??
    (walk.op.params.find((p) => p.in === 'query' && p.name === 'sort')?.schema?.default as string | undefined);

  const target = (walk: Walk, cursor: string) =>
    `${walk.base}?limit=1${walk.sort ? `&sort=${encodeURIComponent(walk.sort)}` : ''}&cursor=${encodeURIComponent(cursor)}`;

  /** A 400 problem that points at /query/cursor and says why. */
  function cursorRefused(response: WireResponse): string | undefined {
    const reason = not400(response, 'problem');
    if (reason) return reason;
    const errors =
      (JSON.parse(response.text) as { errors?: Array<{ pointer?: string; detail?: string }> }).errors ?? [];
    return errors.some((e) => e.pointer === '/query/cursor' && (e.detail ?? '').length > 10)
      ? undefined
      : `no clear errors[] entry for /query/cursor: ${response.text.slice(0, 200)}`;
  }

  it(
    'cursors no list issued (not base64, not JSON, wrong shape and types, bad ids, non-finite numbers) in every sort',
    { timeout: 180_000 },
    async () => {
      const cases = walks.flatMap((walk) => [
        ...FORGED_CURSORS.map(([name, cursor]) => ({
          label: `${walk.op.id} sort=${walk.sort ?? 'default'} ${name}`,
          target: target(walk, cursor),
          headers: walk.headers,
          check: cursorRefused,
        })),
        // Malformed percent-encoding in the query itself, sent as written.
        ...['%E0%A4%A', '%', '%zz%ff'].map((raw) => ({
          label: `${walk.op.id} sort=${walk.sort ?? 'default'} cursor=${raw} raw`,
          target: `${target(walk, 'x').slice(0, -1)}${raw}`,
          headers: walk.headers,
          check: cursorRefused,
        })),
      ]);
      expect(await findings(cases)).toEqual([]);
    },
  );

  it(
    'well-formed cursors whose key the sort cannot hold (invalid dates, huge or fractional numbers, text for numbers, U+0000)',
    { timeout: 180_000 },
    async () => {
      const known = walks.filter((walk) => walk.kind);
      expect(known.length).toBeGreaterThan(10);
      const cases = known.flatMap((walk) =>
        KIND_FORGERIES[walk.kind!].map(([name, raw]) => ({
          label: `${walk.op.id} sort=${walk.sort ?? 'default'} (${walk.kind}) ${name}`,
          target: target(walk, tamper(walk.realCursor!, raw)),
          headers: walk.headers,
          check: cursorRefused,
        })),
      );
      expect(await findings(cases)).toEqual([]);
    },
  );

  it(
    'a real cursor moved to another row (its id edited, its key still valid) is refused: cursors are signed',
    { timeout: 180_000 },
    async () => {
      const issued = walks.filter((walk) => walk.realCursor);
      expect(issued.length).toBeGreaterThan(10);
      const cases = issued.map((walk) => ({
        label: `${walk.op.id} sort=${walk.sort ?? 'default'} moved`,
        target: target(walk, moveCursor(walk.realCursor!)),
        headers: walk.headers,
        check: cursorRefused,
      }));
      expect(await findings(cases)).toEqual([]);
    },
  );

  it(
    'a real cursor handed to another list or another sort order is refused (OpenAPI `cursor`: the next_cursor of the previous page of the same list in the same sort order)',
    { timeout: 180_000 },
    async () => {
      const issued = walks.filter((walk) => walk.realCursor);
      const cases = issued.flatMap((from, i) =>
        walks
          .filter((to, j) => to !== from && (to.op === from.op || (j + i) % 7 === 0))
          .filter((to) => to.op !== from.op || sortOf(to) !== sortOf(from))
          .map((to) => ({
            label: `${from.op.id} sort=${from.sort ?? 'default'} → ${to.op.id} sort=${to.sort ?? 'default'}`,
            target: target(to, from.realCursor!),
            headers: to.headers,
            check: cursorRefused,
          })),
      );
      expect(cases.length).toBeGreaterThan(issued.length);
      expect(await findings(cases)).toEqual([]);
    },
  );
});

describe('forged cursors on the member GraphQL connections and the MCP tools', () => {
  const forged = FORGED_CURSORS.concat(TIME_KEY_FORGERIES);

  it(
    'every connection of the SDL with an `after` or `before` argument answers BAD_USER_INPUT for a forged cursor',
    { timeout: 60_000 },
    async () => {
      const schema = buildSchema(readFileSync(new URL('../../spec/graphql/account.graphql', import.meta.url), 'utf8'));
      const viewer = schema.getType('Viewer');
      if (!isObjectType(viewer)) throw new Error('no Viewer type in the SDL');
      const connections = Object.values(viewer.getFields()).filter((field) =>
        field.args.some((arg) => arg.name === 'after'),
      );
      expect(connections.length).toBeGreaterThan(0);
      const token = await memberToken(origin);
      // Relay Cursor Connections 2.1: a cursor is read as `after` (with first) and as `before` (with last).
      const uses = [
        { argument: 'after', count: 'first' },
        { argument: 'before', count: 'last' },
      ] as const;
      const cases = connections.flatMap((field) =>
        uses
          .filter(({ argument }) => field.args.some((arg) => arg.name === argument))
          .flatMap(({ argument, count }) =>
            forged.map(([name, cursor]) => ({
              label: `viewer.${field.name}(${argument}: ${name})`,
              method: 'POST',
              target: '/account/graphql',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({
                query: `query($cursor: String) { viewer { ${field.name}(${count}: 1, ${argument}: $cursor) { pageInfo { endCursor } } } }`,
                variables: { cursor },
              }),
              check: (r: WireResponse) => {
                if (r.status >= 500) return `status ${r.status}`;
                const errors =
                  (JSON.parse(r.text) as { errors?: Array<{ extensions?: { code?: string } }> }).errors ?? [];
                return errors.length > 0 && errors.every((e) => e.extensions?.code === 'BAD_USER_INPUT')
                  ? undefined
                  : `not BAD_USER_INPUT: ${r.text.slice(0, 200)}`;
              },
            })),
          ),
      );
      expect(await findings(cases)).toEqual([]);
    },
  );

  it(
    'a real endCursor handed to another connection answers BAD_USER_INPUT (a cursor is bound to the list that issued it)',
    { timeout: 60_000 },
    async () => {
      const schema = buildSchema(readFileSync(new URL('../../spec/graphql/account.graphql', import.meta.url), 'utf8'));
      const viewer = schema.getType('Viewer');
      if (!isObjectType(viewer)) throw new Error('no Viewer type in the SDL');
      const connections = Object.values(viewer.getFields())
        .filter((field) => field.args.some((arg) => arg.name === 'after'))
        .map((field) => field.name);
      const token = await memberToken(origin);
      const ask = (field: string, after?: string) =>
        send(origin, {
          method: 'POST',
          target: '/account/graphql',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            query: `query($after: String) { viewer { ${field}(first: 1, after: $after) { pageInfo { endCursor } } } }`,
            variables: { after },
          }),
        });
      const issued: Array<[string, string]> = [];
      for (const field of connections) {
        const end = (
          JSON.parse((await ask(field)).text) as {
            data?: { viewer?: Record<string, { pageInfo: { endCursor: string | null } }> };
          }
        ).data?.viewer?.[field]?.pageInfo.endCursor;
        if (end) issued.push([field, end]);
      }
      expect(issued.length).toBeGreaterThan(1);
      const found: string[] = [];
      for (const [from, cursor] of issued) {
        for (const to of connections.filter((field) => field !== from)) {
          const errors =
            (JSON.parse((await ask(to, cursor)).text) as { errors?: Array<{ extensions?: { code?: string } }> })
              .errors ?? [];
          if (!(errors.length > 0 && errors.every((e) => e.extensions?.code === 'BAD_USER_INPUT')))
            found.push(`${from} → ${to}`);
        }
      }
      expect(found).toEqual([]);
    },
  );

  it('every MCP tool with a `cursor` argument answers isError or invalid params', { timeout: 120_000 }, async () => {
    const headersOf = (token?: string) => ({
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    });
    const rpc = (body: Json) => JSON.stringify({ jsonrpc: '2.0', id: 1, ...body });
    const parse = (text: string) =>
      JSON.parse(
        text.startsWith('event:') || text.startsWith('data:')
          ? text
              .split('\n')
              .find((l) => l.startsWith('data:'))!
              .slice(5)
          : text,
      ) as Json;
    const tokens = [
      undefined,
      await memberToken(origin),
      await operatorToken(
        origin,
        [...new Set(operations.flatMap((op) => op.scopes).filter((s) => s.endsWith(':read')))].sort().join(' '),
      ),
    ];
    const cases = [];
    for (const token of tokens) {
      const listed = parse(
        (
          await send(origin, {
            method: 'POST',
            target: '/mcp',
            headers: headersOf(token),
            body: rpc({ method: 'tools/list' }),
          })
        ).text,
      ) as { result: { tools: Array<{ name: string; inputSchema: { properties?: Json; required?: string[] } }> } };
      const tools = listed.result.tools.filter(
        (tool) =>
          tool.inputSchema.properties &&
          'cursor' in tool.inputSchema.properties &&
          (tool.inputSchema.required ?? []).every((r) => r === 'cursor'),
      );
      for (const tool of tools) {
        for (const [name, cursor] of forged) {
          cases.push({
            label: `${tool.name}(${name}) as ${token ? 'signed in' : 'anonymous'}`,
            method: 'POST',
            target: '/mcp',
            headers: headersOf(token),
            body: rpc({ method: 'tools/call', params: { name: tool.name, arguments: { cursor } } }),
            check: (r: WireResponse) => {
              if (r.status !== 200) return `status ${r.status}: ${r.text.slice(0, 160)}`;
              const answer = parse(r.text) as { result?: { isError?: boolean }; error?: { code?: number } };
              return answer.result?.isError === true || answer.error?.code === -32602
                ? undefined
                : `neither isError nor invalid params: ${r.text.slice(0, 200)}`;
            },
          });
        }
      }
    }
    expect(cases.length).toBeGreaterThan(forged.length);
    expect(await findings(cases)).toEqual([]);
  });
});
