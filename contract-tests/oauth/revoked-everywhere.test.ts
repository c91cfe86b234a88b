// A revoked token fails at every protected resource immediately
// (RFC 7009 2; docs/operations.md "Several instances": tokens are never cached, so a revocation is seen on the next request; a revoked token at
// /mcp is 401 invalid_token, never downgraded to anonymous). One member and one operator token,
// each shown working everywhere first, then revoked and refused everywhere with the same challenge.
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { authorizeInBrowser, discover, exchangeCode, insecure, registerLoopbackClient } from '../support/oauth-flow.ts';

const origin = inject('primaryOrigin');
const redirectUri = 'http://127.0.0.1:47600/callback';

type Answer = { status: number; challenge: string; body: string };

const resources: Record<string, { url: string; init: RequestInit }> = {
  graphql: {
    url: '/account/graphql',
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ viewer { id } }' }),
    },
  },
  userinfo: { url: '/api/oauth/userinfo', init: {} },
  mcp: {
    url: '/mcp',
    init: {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    },
  },
  admin: { url: '/api/v1/courses?limit=1', init: {} },
};

async function at(name: keyof typeof resources, token: string): Promise<Answer> {
  const { url, init } = resources[name]!;
  const response = await fetch(`${origin}${url}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    challenge: response.headers.get('www-authenticate') ?? '',
    body: await response.text(),
  };
}

function expectRefused(answer: Answer, where: string): void {
  expect(answer.status, where).toBe(401);
  expect(answer.challenge, where).toMatch(/^Bearer /);
  expect(answer.challenge, where).toContain('error="invalid_token"');
  expect(answer.challenge, where).toContain(`resource_metadata="${origin}/.well-known/oauth-protected-resource`);
  // Never served as anonymous: no tool list, no data.
  expect(answer.body, where).not.toMatch(/"tools"|"viewer"|"data"/);
}

async function revoke(as: oauth.AuthorizationServer, client: oauth.Client, token: string): Promise<void> {
  const response = await oauth.revocationRequest(as, client, oauth.None(), token, insecure);
  await oauth.processRevocationResponse(response);
}

describe('a revoked access token fails at every protected resource at once (RFC 7009 2; RFC 6750 3.1)', () => {
  let as: oauth.AuthorizationServer;
  beforeAll(async () => {
    as = await discover(origin);
  });

  it('a member token: /account/graphql, UserInfo and /mcp answer 200, then 401 invalid_token right after revocation', async () => {
    const client: oauth.Client = { client_id: CLIENTS.memberApp, token_endpoint_auth_method: 'none' };
    const outcome = await authorizeInBrowser(as, {
      clientId: CLIENTS.memberApp,
      redirectUri,
      scope: 'openid account:read',
      resource: origin,
      email: ACCOUNTS.student,
    });
    const { access_token: token } = await exchangeCode(as, client, oauth.None(), outcome, redirectUri, origin);
    for (const name of ['graphql', 'userinfo', 'mcp'] as const) expect((await at(name, token)).status, name).toBe(200);
    await revoke(as, client, token);
    for (const name of ['graphql', 'userinfo', 'mcp'] as const) expectRefused(await at(name, token), name);
  });

  it('an operator token: the admin API and /mcp answer 200, then 401 invalid_token right after revocation', async () => {
    const client = await registerLoopbackClient(as, {
      redirect_uris: [redirectUri],
      client_name: 'Revoked everywhere',
    });
    const outcome = await authorizeInBrowser(as, {
      clientId: client.client_id,
      redirectUri,
      scope: 'courses:read',
      email: ACCOUNTS.owner,
    });
    const { access_token: token } = await exchangeCode(as, client, oauth.None(), outcome, redirectUri);
    for (const name of ['admin', 'mcp'] as const) expect((await at(name, token)).status, name).toBe(200);
    await revoke(as, client, token);
    for (const name of ['admin', 'mcp'] as const) expectRefused(await at(name, token), name);
  });
});
