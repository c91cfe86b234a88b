// tools/list and tools/call are answered without the SDK's per-request Server when the request is
// plain (src/mcp/direct-rpc.ts, the faster path). The answer must be the one the SDK gives: each request
// here is sent twice, once plain and once with `_meta: {}` in its params, which the fast path
// leaves to the SDK (MCP 2025-11-25 Basic: the `_meta` field is reserved and carries no meaning
// for these calls), and the two answers are compared: status, every header but the per-response
// ones (Content-Length included), and the JSON body, whose members may come in another order (an
// object is unordered, RFC 8259 4: the direct path writes `isError` after `content`). The corpus holds good requests and bad ones (unknown tools,
// invalid or missing arguments, a tool error), anonymous, member and operator callers.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { directCallOf } from '../../src/mcp/direct-rpc.ts';
import { memberToken, operatorToken } from '../support/tokens.ts';

const origin = inject('primaryOrigin');
const HEADERS = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
  'MCP-Protocol-Version': '2025-06-18',
};
// Headers that differ per response by nature.
const PER_RESPONSE = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);

type Answer = { status: number; headers: Record<string, string>; body: unknown };
type Caller = 'anonymous' | 'member' | 'operator';

async function post(message: object, token?: string, headers: Record<string, string> = HEADERS): Promise<Answer> {
  const response = await fetch(`${origin}/mcp`, {
    method: 'POST',
    headers: { ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(message),
  });
  const kept: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!PER_RESPONSE.has(name)) kept[name] = value;
  });
  return {
    status: response.status,
    headers: kept,
    body: JSON.parse(await response.text()) as unknown,
  };
}

/** The paths the two messages take, as src/mcp/http.ts chooses them from the headers and body. */
function pathsOf(headers: Record<string, string>, plain: object, detour: object): [string, string] {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const pathOf = (message: object) => (directCallOf(lower, message) ? 'direct' : 'sdk');
  return [pathOf(plain), pathOf(detour)];
}

function viaSdk(message: { params?: Record<string, unknown> }): object {
  return { ...message, params: { ...(message.params ?? {}), _meta: {} } };
}

const call = (id: string | number, name: string, args?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: args === undefined ? { name } : { name, arguments: args },
});

const cases: Array<[string, object, Caller]> = [
  ['anonymous tools/list', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, 'anonymous'],
  ['tools/list with empty params', { jsonrpc: '2.0', id: 11, method: 'tools/list', params: {} }, 'anonymous'],
  ['anonymous search_catalog', call('a', 'search_catalog', { limit: 2 }), 'anonymous'],
  ['a call without arguments', call(12, 'get_school_info'), 'anonymous'],
  [
    'invalid arguments (an isError result, MCP Tools: error handling)',
    call(2, 'search_catalog', { limit: 'many' }),
    'anonymous',
  ],
  ['an argument the tool does not take', call(13, 'search_catalog', { limit: 1, colour: 'blue' }), 'anonymous'],
  ['an unknown tool (JSON-RPC error -32602)', call(3, 'no_such_tool', {}), 'anonymous'],
  ['a string id with odd characters', call('id "quoted" é', 'get_school_info', {}), 'anonymous'],
  ['member tools/list', { jsonrpc: '2.0', id: 4, method: 'tools/list' }, 'member'],
  ['member my_enrolled_courses', call(5, 'my_enrolled_courses', { limit: 2 }), 'member'],
  ['member whoami', call(6, 'whoami', {}), 'member'],
  ['operator tools/list', { jsonrpc: '2.0', id: 7, method: 'tools/list' }, 'operator'],
  ['operator list_courses', call(8, 'list_courses', { limit: 2 }), 'operator'],
  ['operator get_course of no course (a tool error)', call(9, 'get_course', { course_id: randomUUID() }), 'operator'],
  ['operator get_course with a malformed id', call(10, 'get_course', { course_id: 'not-a-uuid' }), 'operator'],
];

describe('MCP tools/list and tools/call answer as the SDK does (direct path)', () => {
  const tokens: Record<Caller, string | undefined> = { anonymous: undefined, member: undefined, operator: undefined };
  beforeAll(async () => {
    tokens.member = await memberToken(origin, 'openid account:read');
    tokens.operator = await operatorToken(origin, 'courses:read');
  });

  for (const [title, message, caller] of cases) {
    it(`${title}: the same answer on both paths`, async () => {
      const token = tokens[caller];
      const detour = viaSdk(message);
      expect(pathsOf(HEADERS, message, detour)).toEqual(['direct', 'sdk']);
      const [direct, sdk] = await Promise.all([post(message, token), post(detour, token)]);
      expect(direct.status).toBe(200);
      expect(direct).toEqual(sdk);
    });
  }

  it('without an MCP-Protocol-Version header (MCP 2025-06-18 Transports: assume 2025-03-26): the same answer on both paths', async () => {
    const { 'MCP-Protocol-Version': _, ...headers } = HEADERS;
    const message = call(14, 'search_catalog', { limit: 1 });
    expect(pathsOf(headers, message, viaSdk(message))).toEqual(['direct', 'sdk']);
    const [direct, sdk] = await Promise.all([
      post(message, undefined, headers),
      post(viaSdk(message), undefined, headers),
    ]);
    expect(direct.status).toBe(200);
    expect(direct).toEqual(sdk);
  });
});
