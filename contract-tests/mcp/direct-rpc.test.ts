// tools/list and tools/call are answered without the SDK's per-request Server when the request is
// plain (src/mcp/direct-rpc.ts, the faster path). The answer must be the one the SDK gives: each request
// here is sent twice, once plain and once with `_meta: {}` in its params, which the fast path
// leaves to the SDK (MCP 2025-11-25 Basic: the `_meta` field is reserved and carries no meaning
// for these calls), and the two answers are compared: status, content type and JSON-RPC body.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { memberToken } from '../support/tokens.ts';

const origin = inject('primaryOrigin');
const HEADERS = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
  'MCP-Protocol-Version': '2025-06-18',
};

type Answer = { status: number; contentType: string | null; cacheControl: string | null; body: unknown };

async function post(message: object, token?: string): Promise<Answer> {
  const response = await fetch(`${origin}/mcp`, {
    method: 'POST',
    headers: { ...HEADERS, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(message),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    cacheControl: response.headers.get('cache-control'),
    body: await response.json(),
  };
}

function viaSdk(message: { params?: Record<string, unknown> }): object {
  return { ...message, params: { ...(message.params ?? {}), _meta: {} } };
}

describe('MCP tools/list and tools/call answer as the SDK does (direct path)', () => {
  let member: string;
  beforeAll(async () => {
    member = await memberToken(origin, 'openid account:read');
  });

  const cases: Array<[string, object, boolean]> = [
    ['anonymous tools/list', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, false],
    [
      'anonymous search_catalog',
      { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'search_catalog', arguments: { limit: 2 } } },
      false,
    ],
    [
      'invalid arguments (an isError result, MCP Tools: error handling)',
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search_catalog', arguments: { limit: 'many' } } },
      false,
    ],
    [
      'an unknown tool (JSON-RPC error -32602)',
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } },
      false,
    ],
    ['member tools/list', { jsonrpc: '2.0', id: 4, method: 'tools/list' }, true],
    [
      'member my_enrolled_courses',
      { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'my_enrolled_courses', arguments: { limit: 2 } } },
      true,
    ],
  ];

  for (const [title, message, withToken] of cases) {
    it(`${title}: the same answer on both paths`, async () => {
      const token = withToken ? member : undefined;
      const [direct, sdk] = await Promise.all([
        post(message, token),
        post(viaSdk(message as { params?: Record<string, unknown> }), token),
      ]);
      expect(direct.status).toBe(200);
      expect(direct).toEqual(sdk);
    });
  }
});
