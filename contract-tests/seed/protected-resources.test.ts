// Errors at the protected resources, without a valid token: /account/graphql has no anonymous mode
// and answers 401 invalid_token with a challenge; an invalid or malformed token is 401 invalid_token
// pointing to the protected-resource metadata everywhere; /mcp without a token is served anonymously.
import { describe, expect, inject, it } from 'vitest';
import { connect, rpc } from '../mcp/mcp-client.ts';
import { resourceMetadataOf, VIEWER_QUERY } from './words.ts';
import { postGraphQL } from './wire.ts';

const origin = inject('primaryOrigin');

function expectInvalidToken(status: number, headers: Headers): void {
  expect(status).toBe(401);
  const challenge = headers.get('www-authenticate') ?? '';
  expect(challenge).toMatch(/^Bearer /);
  expect(challenge).toContain('error="invalid_token"');
  expect(challenge).toContain(resourceMetadataOf(origin));
}

describe('Errors at the protected resources', () => {
  it('Errors and Member data API: /account/graphql with no token is HTTP 401 invalid_token (challenge), no anonymous mode', async () => {
    const reply = await postGraphQL(origin, VIEWER_QUERY);
    expectInvalidToken(reply.status, reply.headers);
    expect(reply.body.data).toBeUndefined();
  });

  it.each([
    ['an invalid token', 'sca_this-token-was-never-issued'],
    ['a malformed token', 'not a token, with spaces'],
  ])(
    'Errors: %s is HTTP 401 invalid_token with WWW-Authenticate pointing to the protected-resource metadata',
    async (_name, token) => {
      const graphql = await postGraphQL(origin, VIEWER_QUERY, token);
      expectInvalidToken(graphql.status, graphql.headers);
      const userinfo = await fetch(`${origin}/api/oauth/userinfo`, { headers: { Authorization: `Bearer ${token}` } });
      expectInvalidToken(userinfo.status, userinfo.headers);
      // UserInfo is an OAuth endpoint: its error is also a JSON body with error and error_description.
      expect(await userinfo.json()).toMatchObject({ error: 'invalid_token', error_description: expect.any(String) });
      const mcp = await rpc(
        origin,
        { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
        { Authorization: `Bearer ${token}` },
      );
      expectInvalidToken(mcp.status, mcp.headers);
    },
  );

  it('Errors and MCP: /mcp with no token is served as anonymous, public tools only (no error)', async () => {
    const initialize = await rpc(origin, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'seed', version: '1' } },
    });
    expect(initialize.status).toBe(200);
    expect(initialize.headers.get('www-authenticate')).toBeNull();
    const anonymous = await connect(origin);
    try {
      const { tools } = await anonymous.listTools();
      expect(tools.length).toBeGreaterThan(0);
    } finally {
      await anonymous.close();
    }
  });
});
