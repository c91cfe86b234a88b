// Property-based fuzzing of the MCP endpoint, POST /mcp: random
// JSON-RPC envelopes (versions, ids, methods, params), batches, tools/call of every listed tool and
// of made-up names with arguments drawn loosely from each tool's input schema (wrong types, extra
// and missing members, hostile text), every protocol-version, Accept, Origin and content-type
// header, anonymously and with member, operator, foreign and forged tokens. Every answer must be
// free of 5xx and internals, and in the documented shape: a JSON-RPC response (a tool failure as
// a result with isError), a JSON-RPC error, or an RFC 6750 challenge for token problems (MCP
// 2025-11-25 Authorization) — and a bad token is never served as anonymous.
//
//   npx vitest run --project contract contract-tests/hostile/fuzz-mcp.test.ts   # 200 requests
//   HOSTILE_FUZZ_RUNS=10000 npx vitest run --project contract contract-tests/hostile/fuzz-mcp.test.ts
//   HOSTILE_FUZZ_SEED=<n> picks another seed (default 9); see fuzz-kit.ts.
// Anonymous requests come from 127.0.0.2 … 127.0.0.254 in turn: anonymous tool calls are limited
// per address, and the other suites call from 127.0.0.1.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts.ts';
import { memberToken, operatorToken } from '../support/tokens.ts';
import {
  explain,
  fuzz,
  hostileText,
  json,
  mediaType,
  NASTY,
  RUNS,
  send,
  sometimes,
  type WireResponse,
  writeFuzzResults,
} from './fuzz-kit.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const TIMEOUT = 60_000 + RUNS * 40;
const VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];
/** Read scopes only: the fuzz may call any tool it sees, and must change nothing other suites read. */
const OPERATOR_SCOPES = 'courses:read students:read events:read orders:read';

type Tool = {
  name: string;
  inputSchema: { properties?: Record<string, { type?: string | string[] }>; required?: string[] };
};
type TokenKind = 'anonymous' | 'member' | 'operator' | 'secondary' | 'forged' | 'malformed';
let tokens: { member: string; operator: string; secondary: string | undefined };
const tools: Record<'anonymous' | 'member' | 'operator', Tool[]> = { anonymous: [], member: [], operator: [] };

async function listTools(token?: string): Promise<Tool[]> {
  const response = await send(origin, {
    method: 'POST',
    target: '/mcp',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': VERSIONS[0]!,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  return (json(response.text) as { result: { tools: Tool[] } }).result.tools;
}

beforeAll(async () => {
  tokens = {
    member: await memberToken(origin, 'openid account:read', ACCOUNTS.student2),
    operator: await operatorToken(origin, OPERATOR_SCOPES),
    secondary: secondary
      ? await memberToken(secondary, 'openid account:read', ACCOUNTS.student).catch(() => undefined)
      : undefined,
  };
  tools.anonymous = await listTools();
  tools.member = await listTools(tokens.member);
  tools.operator = await listTools(tokens.operator);
}, 60_000);

const allTools = () => [...tools.anonymous, ...tools.member, ...tools.operator];

/** A value for a schema property: often of its type and plausible, often not. */
function valueFor(type: string | string[] | undefined): fc.Arbitrary<unknown> {
  const plausible =
    type === 'integer' || type === 'number'
      ? fc.oneof(fc.integer({ min: -5, max: 60 }), fc.constantFrom(0, 1, 50, 51, 2 ** 31, -(2 ** 53), 1.5, 1e308))
      : type === 'boolean'
        ? fc.boolean()
        : type === 'array'
          ? fc.array(fc.oneof(fc.uuid(), hostileText), { maxLength: 3 })
          : fc.oneof(fc.uuid(), fc.constantFrom('git-essentials', 'python', 'draft', ''), hostileText);
  return fc.oneof(
    { weight: 4, arbitrary: plausible },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    { weight: 1, arbitrary: fc.constantFrom(null, [], {}, '\u0000', '__proto__', 'a'.repeat(5000)) },
  );
}

/** Arguments of a tool: its own properties (each kept, dropped or broken), sometimes extra ones. */
const argumentsOf = (tool: Tool | undefined): fc.Arbitrary<unknown> => {
  const properties = Object.entries(tool?.inputSchema.properties ?? {});
  const own = fc
    .tuple(
      ...properties.map(([name, schema]) =>
        sometimes(
          valueFor(schema.type).map((v) => [name, v] as const),
          0.6,
        ),
      ),
    )
    .map((pairs) => Object.fromEntries(pairs.filter((p): p is readonly [string, unknown] => p !== null)));
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .tuple(
          own,
          sometimes(
            fc.dictionary(
              fc.oneof(hostileText, fc.constantFrom('__proto__', 'constructor')),
              fc.jsonValue({ maxDepth: 1 }),
              { maxKeys: 2 },
            ),
            0.2,
          ),
        )
        .map(([a, extra]) => ({ ...a, ...(extra ?? {}) })),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
};

const toolName = fc.integer({ min: 0, max: 10_000 }).chain((i) => {
  const listed = allTools();
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(listed[i % listed.length]!.name) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('nope', 'WHOAMI', 'whoami ', 'delete_course', 'create_course', '../whoami', ''),
    },
    { weight: 1, arbitrary: hostileText },
  );
});

const toolCall = toolName.chain((name) =>
  argumentsOf(allTools().find((t) => t.name === name)).map((args) => ({
    name,
    ...(args === undefined ? {} : { arguments: args }),
  })),
);

const METHODS = [
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'notifications/initialized',
  'notifications/cancelled',
  'resources/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'logging/setLevel',
  'sampling/createMessage',
  'rpc.discover',
  'tools/list/',
  'TOOLS/LIST',
];
const ids = fc.oneof(
  { weight: 6, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, 1.5, {}, [], true, 'x'.repeat(3000), 2 ** 60) },
);

const message = fc
  .record({
    jsonrpc: fc.oneof(
      { weight: 12, arbitrary: fc.constant('2.0') },
      { weight: 1, arbitrary: fc.constantFrom('1.0', 2, null, '2.0 ') },
    ),
    id: sometimes(ids, 0.9),
    method: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('tools/call', 'tools/call', 'tools/list') },
      { weight: 3, arbitrary: fc.constantFrom(...METHODS) },
      { weight: 1, arbitrary: hostileText },
    ),
    call: toolCall,
    otherParams: fc.oneof(
      fc.constant(undefined),
      fc.jsonValue({ maxDepth: 2 }),
      fc.record({
        protocolVersion: fc.constantFrom(...VERSIONS, 'bogus'),
        capabilities: fc.constant({}),
        clientInfo: fc.constant({ name: 'fuzz', version: '1' }),
      }),
    ),
  })
  .map(({ jsonrpc, id, method, call, otherParams }) => ({
    jsonrpc,
    ...(id === null ? {} : { id }),
    method,
    ...(method === 'tools/call' ? { params: call } : otherParams === undefined ? {} : { params: otherParams }),
  }));

type Body =
  | { kind: 'one'; message: Record<string, unknown> }
  | { kind: 'batch'; messages: Array<Record<string, unknown>> }
  | { kind: 'raw'; text: string };
const bodies: fc.Arbitrary<Body> = fc.oneof(
  { weight: 12, arbitrary: message.map((m) => ({ kind: 'one' as const, message: m })) },
  {
    weight: 1,
    arbitrary: fc
      .array(message, { minLength: 0, maxLength: 3 })
      .map((messages) => ({ kind: 'batch' as const, messages })),
  },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.constantFrom(
          '{"jsonrpc": "2.0", "id": 1, "method": ',
          '',
          'null',
          '[]',
          '42',
          '"ping"',
          '{}',
          `${'['.repeat(3000)}${']'.repeat(3000)}`,
          `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"whoami","arguments":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}}`,
        ),
        fc.constantFrom(...NASTY),
      )
      .map((text) => ({ kind: 'raw' as const, text })),
  },
);

const isJsonRpcResponse = (value: unknown): boolean => {
  const r = value as { jsonrpc?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown } } | null;
  if (typeof r !== 'object' || r === null || r.jsonrpc !== '2.0' || 'result' in r === 'error' in r) return false;
  return !('error' in r) || (Number.isInteger(r.error?.code) && typeof r.error?.message === 'string');
};

/** Names of the tools a body calls, to know what the caller may and may not be given. */
function calledTools(body: Body): string[] {
  const messages = body.kind === 'one' ? [body.message] : body.kind === 'batch' ? body.messages : [];
  return messages
    .filter((m) => m.method === 'tools/call')
    .map((m) => String((m.params as { name?: unknown } | undefined)?.name));
}

function mcpProblems(body: Body, token: TokenKind, response: WireResponse): string[] {
  if (response.status === 431 || response.status === 414) return [];
  const problems: string[] = [];
  if (
    (token === 'forged' || token === 'malformed' || token === 'secondary') &&
    response.status !== 401 &&
    response.status !== 403
  ) {
    // A bad token is 401 at once, never a quiet downgrade to anonymous (/auth.md "Errors").
    if (response.status < 300)
      problems.push(`a ${token} token was served (${response.status}) instead of 401 invalid_token`);
  }
  if (response.status === 401 || response.status === 403) {
    const challenge = String(response.headers['www-authenticate'] ?? '');
    if (challenge === '' && response.status === 403)
      return isJsonRpcResponse(json(response.text))
        ? []
        : ['a 403 that is neither a Bearer challenge nor a JSON-RPC error'];
    if (!/^Bearer /.test(challenge) || !challenge.includes('resource_metadata="'))
      problems.push(
        'a 401/403 without a Bearer challenge naming the resource metadata (MCP Authorization; RFC 6750 3)',
      );
    if (token === 'anonymous' && response.status === 403)
      problems.push('an anonymous caller answered 403 rather than 401');
    return problems;
  }
  // Only the tools a caller sees may run for it (MCP step-up).
  if (response.status === 200 && (token === 'anonymous' || token === 'member')) {
    const visible = new Set(tools[token].map((t) => t.name));
    const hidden = new Set(
      allTools()
        .map((t) => t.name)
        .filter((n) => !visible.has(n)),
    );
    for (const name of calledTools(body))
      if (hidden.has(name)) problems.push(`the ${token} caller ran ${name}, a tool it may not see`);
  }
  if (response.status === 202) return response.text === '' ? problems : [...problems, 'a 202 with a body'];
  const type = mediaType(response);
  if (type !== 'application/json')
    return [...problems, `a ${response.status} answered as ${type || 'untyped'}, not JSON-RPC`];
  const parsed = json(response.text);
  const responses = Array.isArray(parsed) ? parsed : [parsed];
  if (responses.length === 0 || !responses.every(isJsonRpcResponse))
    problems.push(`a ${response.status} that is not a JSON-RPC response or error: ${response.text.slice(0, 100)}`);
  if (response.status === 429 && !response.headers['retry-after']) problems.push('a 429 without Retry-After');
  for (const r of responses as Array<{ result?: { content?: unknown; isError?: unknown } }>) {
    if (r?.result && 'content' in r.result && !Array.isArray(r.result.content))
      problems.push('a tool result whose content is not an array (MCP Tools)');
  }
  return problems;
}

afterAll(() => writeFuzzResults('mcp', '/mcp'));

describe('fuzzing /mcp (MCP 2025-11-25 Transports and Tools; JSON-RPC 2.0)', () => {
  it(
    'every answer is a JSON-RPC response, a JSON-RPC error or an RFC 6750 challenge; a bad token is never anonymous; no 5xx, nothing internal (MCP Transports, Authorization)',
    { timeout: TIMEOUT },
    async () => {
      const report = await fuzz({
        name: 'mcp',
        origin,
        cases: fc.record({
          body: bodies,
          token: fc.constantFrom<TokenKind>(
            'anonymous',
            'anonymous',
            'anonymous',
            'member',
            'member',
            'operator',
            'operator',
            'secondary',
            'forged',
            'malformed',
          ),
          from: fc.integer({ min: 2, max: 254 }),
          version: fc.oneof(
            { weight: 6, arbitrary: fc.constantFrom(...VERSIONS) },
            { weight: 1, arbitrary: fc.constantFrom('', '1999-01-01', 'latest') },
          ),
          accept: fc.oneof(
            { weight: 10, arbitrary: fc.constant('application/json, text/event-stream') },
            { weight: 1, arbitrary: fc.constantFrom('application/json', 'text/event-stream', '*/*', '') },
          ),
          requestOrigin: fc.oneof(
            { weight: 10, arbitrary: fc.constant('') },
            {
              weight: 1,
              arbitrary: fc.constantFrom(
                origin,
                'http://localhost:6274',
                'https://evil.example',
                'null',
                `${origin}.evil.example`,
              ),
            },
          ),
          contentType: fc.constantFrom(
            'application/json',
            'application/json',
            'application/json',
            'application/json',
            'application/json; charset=utf-8',
            'text/plain',
            '',
          ),
          method: fc.constantFrom(
            'POST',
            'POST',
            'POST',
            'POST',
            'POST',
            'POST',
            'POST',
            'POST',
            'GET',
            'DELETE',
            'PUT',
          ),
        }),
        request: ({ body, token, from, version, accept, requestOrigin, contentType, method }) => {
          const text =
            body.kind === 'one'
              ? JSON.stringify(body.message)
              : body.kind === 'batch'
                ? JSON.stringify(body.messages)
                : body.text;
          const bearer = {
            anonymous: undefined,
            member: `Bearer ${tokens.member}`,
            operator: `Bearer ${tokens.operator}`,
            secondary: `Bearer ${tokens.secondary ?? 'sca_none'}`,
            forged: 'Bearer sca_forgedForgedForgedForgedForgedForged0000000',
            malformed: 'Bearer a b',
          }[token];
          return {
            method,
            target: '/mcp',
            headers: {
              ...(contentType ? { 'content-type': contentType } : {}),
              ...(accept ? { accept } : {}),
              ...(version ? { 'mcp-protocol-version': version } : {}),
              ...(requestOrigin ? { origin: requestOrigin } : {}),
              ...(bearer ? { authorization: bearer } : {}),
            },
            body: method === 'GET' ? undefined : text,
            from: token === 'anonymous' ? `127.0.0.${from}` : undefined,
          };
        },
        check: ({ body, token, method, requestOrigin }, _req, response) => {
          // The Origin check (DNS rebinding) comes first, whatever the method: a JSON-RPC 403.
          const foreign = requestOrigin !== '' && requestOrigin !== origin && requestOrigin !== 'http://localhost:6274';
          if (foreign)
            return response.status === 403 && isJsonRpcResponse(json(response.text))
              ? []
              : [`a foreign Origin answered ${response.status}, not 403 (MCP Transports, Security Warning)`];
          if (method !== 'POST')
            return response.status === 405 && response.headers.allow === 'POST'
              ? []
              : [`${method} answered ${response.status}, not 405 with Allow: POST (MCP Transports 2.2)`];
          return mcpProblems(body, token, response);
        },
      });
      if (process.env.HOSTILE_FUZZ_VERBOSE) console.info(explain(report));
      expect(report.findings, explain(report)).toEqual([]);
    },
  );

  // Found by this fuzz (an RFC 9457 problem from the app-wide body parser), fixed in src/http/body-errors.ts.
  it('a body that is not JSON is a JSON-RPC parse error (-32700, id null), not an RFC 9457 problem (JSON-RPC 2.0 5.1; MCP Transports)', async () => {
    for (const body of ['{"jsonrpc": "2.0", "id": 1, "method": ', '42', '"ping"']) {
      const response = await send(origin, {
        method: 'POST',
        target: '/mcp',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': VERSIONS[0]!,
        },
        body,
        from: '127.0.1.1',
      });
      expect(response.status).toBe(400);
      expect(json(response.text)).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 }, id: null });
    }
  });
});
