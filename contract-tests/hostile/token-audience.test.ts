// Tokens used where they do not belong (RFC 9700 4.10.2 audience-
// restricted tokens; RFC 8707; RFC 6750 3.1; /auth.md "Errors"): a token of one school is
// invalid_token at every protected resource of another (member API, MCP, admin API, UserInfo), a
// bad token is never served as anonymous, an operator token cannot call member tools, and only
// access tokens in the Authorization header count. Already covered elsewhere, and referenced in
// INVENTORY.md rather than repeated: a member token at every admin operation
// (admin/security-matrix.test.ts), an operator token at /account/graphql (graphql/account.test.ts),
// a second-school token at this school's GraphQL and UserInfo.
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { authorizeInBrowser, discover, exchangeCode } from '../support/oauth-flow.ts';
import { memberToken, operatorToken } from '../support/tokens.ts';

const origin = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
};

type Call = { status: number; challenge: string; body: Record<string, unknown> };

async function call(url: string, init: RequestInit): Promise<Call> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, challenge: response.headers.get('www-authenticate') ?? '', body };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const graphql = (school: string, token: string) =>
  call(`${school}/account/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(token) },
    body: JSON.stringify({ query: '{ viewer { id email } }' }),
  });
const mcp = (school: string, token: string, body: unknown = { jsonrpc: '2.0', id: 1, method: 'tools/list' }) =>
  call(`${school}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, ...bearer(token) }, body: JSON.stringify(body) });
const admin = (school: string, token: string) => call(`${school}/api/v1/courses`, { headers: bearer(token) });
const userinfo = (school: string, token: string) => call(`${school}/api/oauth/userinfo`, { headers: bearer(token) });

/** RFC 6750 3.1 / RFC 9728 5.1: 401 invalid_token, pointing at the metadata of the school asked. */
function expectInvalidToken(reply: Call, school: string): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(401);
  expect(reply.challenge).toMatch(/^Bearer /);
  expect(reply.challenge).toContain('error="invalid_token"');
  expect(reply.challenge).toContain(`resource_metadata="${school}/.well-known/oauth-protected-resource`);
}

describe.skipIf(!secondary)(
  "a token of one school is invalid_token at another's resources (RFC 9700 4.10.2; RFC 8707 2)",
  () => {
    let member: string;
    let operator: string;
    beforeAll(async () => {
      member = await memberToken(origin, 'openid account:read', ACCOUNTS.student);
      operator = await operatorToken(origin, 'courses:read');
    });

    it('control: both work at home', async () => {
      expect((await graphql(origin, member)).status).toBe(200);
      expect((await mcp(origin, member)).status).toBe(200);
      expect((await admin(origin, operator)).status).toBe(200);
      expect((await userinfo(origin, member)).status).toBe(200);
    });

    it("Demo Academy's member token at Second School's /account/graphql (student1 is a student of both)", async () => {
      expectInvalidToken(await graphql(secondary, member), secondary);
    });

    it("Demo Academy's member token at Second School's /mcp is 401, never served as anonymous", async () => {
      const reply = await mcp(secondary, member);
      expectInvalidToken(reply, secondary);
      expect(reply.body.result).toBeUndefined();
    });

    it("Demo Academy's operator token at Second School's admin API", async () => {
      expectInvalidToken(await admin(secondary, operator), secondary);
    });

    it("Demo Academy's member token at Second School's UserInfo", async () => {
      expectInvalidToken(await userinfo(secondary, member), secondary);
    });
  },
);

describe('audiences within one school (/auth.md "2. Get a client"; MCP step-up; RFC 6750 3.1)', () => {
  it('an operator token calling a member tool over MCP is 403 insufficient_scope naming account:read', async () => {
    const operator = await operatorToken(origin, 'courses:read');
    const reply = await mcp(origin, operator, {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'my_enrolled_courses', arguments: {} },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(403);
    expect(reply.challenge).toContain('error="insufficient_scope"');
    expect(reply.challenge).toMatch(/scope="[^"]*account:read/);
  });

  it('an operator token holding openid reads UserInfo, yet is 403 insufficient_scope at /account/graphql (account:read is member-only)', async () => {
    const operator = await operatorToken(origin, 'openid courses:read');
    expect((await userinfo(origin, operator)).status).toBe(200);
    const reply = await graphql(origin, operator);
    expect(reply.status).toBe(403);
    expect(reply.challenge).toContain('error="insufficient_scope"');
  });
});

describe('only access tokens, only in the Authorization header (RFC 6750 2.1, 2.3; RFC 9700 4.3.2)', () => {
  let tokens: oauth.TokenEndpointResponse;
  beforeAll(async () => {
    const as = await discover(origin);
    const redirectUri = 'http://127.0.0.1:47800/callback';
    const outcome = await authorizeInBrowser(as, {
      clientId: CLIENTS.memberApp,
      redirectUri,
      scope: 'openid account:read',
      resource: origin,
      email: ACCOUNTS.student2,
    });
    tokens = await exchangeCode(
      as,
      { client_id: CLIENTS.memberApp, token_endpoint_auth_method: 'none' },
      oauth.None(),
      outcome,
      redirectUri,
      origin,
    );
  });

  it('a refresh token or an ID token presented as a bearer token is invalid_token everywhere', async () => {
    for (const token of [tokens.refresh_token!, tokens.id_token!]) {
      expectInvalidToken(await graphql(origin, token), origin);
      expectInvalidToken(await mcp(origin, token), origin);
      expectInvalidToken(await userinfo(origin, token), origin);
    }
  });

  it('an access token in the query string or a form body is not taken: the request is unauthenticated', async () => {
    const query = `access_token=${encodeURIComponent(tokens.access_token)}`;
    expect((await call(`${origin}/api/oauth/userinfo?${query}`, {})).status).toBe(401);
    expect(
      (
        await call(`${origin}/api/oauth/userinfo`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: query,
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await call(`${origin}/account/graphql?${query}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ viewer { id } }' }),
        })
      ).status,
    ).toBe(401);
    // MCP without a header is anonymous: the token in the URL must not lift it to the member.
    const whoami = await call(`${origin}/mcp?${query}`, {
      method: 'POST',
      headers: MCP_HEADERS,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {} } }),
    });
    expect(whoami.status).toBe(200);
    expect(JSON.stringify(whoami.body)).toContain('anonymous');
    expect(JSON.stringify(whoami.body)).not.toContain(ACCOUNTS.student2);
  });

  it('control: the same access token in the Authorization header is served', async () => {
    expect((await userinfo(origin, tokens.access_token)).status).toBe(200);
    expect((await graphql(origin, tokens.access_token)).status).toBe(200);
  });
});
