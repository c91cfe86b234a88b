// /mcp on the wire in MCP 2026-07-28 (stateless requests carrying the `_meta` envelope), as a
// hand-written client sends them: server/discover, `resultType` on every result, the standard
// headers checked against the body, cache hints by who asks, and the same tiers, step-up
// challenges, fences and limits as the 2025 revisions.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { memberToken, operatorToken } from '../support/tokens.ts';
import { modernRpc } from './mcp-client.ts';

const origin = inject('primaryOrigin');
const REVISION = '2026-07-28';

type Answer = {
  status: number;
  headers: Headers;
  body: { result?: Record<string, unknown>; error?: { code: number; message: string } };
};

/** One 2026-07-28 request (mcp-client.ts modernRpc), its status, headers and parsed body. */
async function modern(
  method: string,
  params: Record<string, unknown> = {},
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await modernRpc(origin, method, params, options);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Answer['body']) : {} };
}

let member: string;
let operator: string;
beforeAll(async () => {
  [member, operator] = await Promise.all([memberToken(origin), operatorToken(origin, 'openid courses:read')]);
});

describe('MCP 2026-07-28 on /mcp, stateless (SEP-2575)', () => {
  it('answers server/discover with 2026-07-28, the capabilities and the server in result _meta, and no session (Lifecycle: server/discover MUST)', async () => {
    const { status, headers, body } = await modern('server/discover');
    expect(status).toBe(200);
    expect(headers.get('mcp-session-id')).toBeNull();
    expect(body.result).toMatchObject({
      supportedVersions: expect.arrayContaining([REVISION]),
      capabilities: { tools: {}, resources: {} },
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'course-school' } },
    });
  });

  it('puts resultType "complete" on every result: tools/list, tools/call, resources/list, resources/read (SEP-2322)', async () => {
    for (const [method, params] of [
      ['tools/list', {}],
      ['tools/call', { name: 'search_catalog', arguments: { query: 'git' } }],
      ['resources/list', {}],
      ['resources/read', { uri: `${origin}/llms.txt` }],
    ] as const) {
      const { status, body } = await modern(method, params);
      expect(status, method).toBe(200);
      expect(body.result?.resultType, method).toBe('complete');
    }
  });

  it('refuses a Mcp-Method or Mcp-Name that disagrees with the body: 400 with -32020 HeaderMismatch (Streamable HTTP, SEP-2243)', async () => {
    const wrongMethod = await modern('tools/list', {}, { headers: { 'mcp-method': 'resources/list' } });
    expect(wrongMethod.status).toBe(400);
    expect(wrongMethod.body.error?.code).toBe(-32020);
    const wrongName = await modern(
      'tools/call',
      { name: 'search_catalog', arguments: {} },
      { headers: { 'mcp-name': 'whoami' } },
    );
    expect(wrongName.status).toBe(400);
    expect(wrongName.body.error?.code).toBe(-32020);
  });

  it('marks what an anonymous caller lists and reads public, and what a token gets private and not kept (Caching, SEP-2549)', async () => {
    for (const [method, params] of [
      ['tools/list', {}],
      ['resources/list', {}],
      ['resources/templates/list', {}],
      ['resources/read', { uri: `${origin}/auth.md` }],
    ] as const) {
      const anonymous = await modern(method, params);
      expect(anonymous.body.result, method).toMatchObject({ cacheScope: 'public', ttlMs: 60_000 });
      const withToken = await modern(method, params, { token: member });
      expect(withToken.body.result, method).toMatchObject({ cacheScope: 'private', ttlMs: 0 });
    }
  });

  it('gives each token the tools of its tier, as the 2025 revisions do (/auth.md "Errors")', async () => {
    const names = async (token?: string) =>
      ((await modern('tools/list', {}, { token })).body.result?.tools as Array<{ name: string }>).map((t) => t.name);
    const [anonymous, asMember, asOperator] = await Promise.all([names(), names(member), names(operator)]);
    expect(anonymous).toContain('search_catalog');
    expect(anonymous).not.toContain('my_orders');
    expect(asMember).toContain('my_orders');
    expect(asMember).not.toContain('list_courses');
    expect(asOperator).toContain('list_courses');
    expect(asOperator).not.toContain('my_orders');
  });

  it('challenges a member tool called without a token: 401 naming account:read and the resource metadata, no error code (RFC 6750 3.1; MCP Authorization, scope challenge handling)', async () => {
    const { status, headers } = await modern('tools/call', { name: 'my_orders', arguments: {} });
    expect(status).toBe(401);
    const challenge = headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).not.toContain('error=');
    expect(challenge).toContain('scope="account:read"');
    expect(challenge).toContain(`resource_metadata="${origin}/.well-known/oauth-protected-resource`);
  });

  it('steps up a token without the scope: 403 insufficient_scope naming it (RFC 6750 3.1)', async () => {
    const { status, headers } = await modern(
      'tools/call',
      { name: 'create_course', arguments: { title: 'x' } },
      { token: operator },
    );
    expect(status).toBe(403);
    expect(headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    expect(headers.get('www-authenticate')).toContain('courses:write');
  });

  it('fences school-written text in tool results as in the 2025 revisions (docs/agents.md "MCP": untrusted content)', async () => {
    const { body } = await modern('tools/call', { name: 'get_catalog_course', arguments: { slug: 'git-essentials' } });
    const text = (body.result?.content as Array<{ text: string }>)[0]!.text;
    expect(text).toMatch(/<untrusted-content [^>]*>\n\{.*"title":"Git Essentials".*\}\n<\/untrusted-content>$/s);
  });

  it('refuses a forged token with 401 invalid_token, never serving it as anonymous (RFC 6750 3.1)', async () => {
    const { status, headers } = await modern('tools/list', {}, { token: 'forged' });
    expect(status).toBe(401);
    expect(headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});
