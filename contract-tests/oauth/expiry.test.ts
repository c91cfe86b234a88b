// Lifetimes that only a clock can show (/auth.md "Lifetimes": codes expire after 60 seconds, access-token
// lifetime is configuration; RFC 6750 3.1: an expired token is never downgraded to anonymous), on an
// instance of this file's own started with ACCESS_TOKEN_TTL_SECONDS=60 (the smallest allowed),
// checked with real waiting: a code and two access tokens are issued, then used a minute later.
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instance } from '../reliability/instance.ts';
import { ownInstanceUnavailable, startOwnInstance } from '../service/own-instance.ts';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import {
  authorizeInBrowser,
  discover,
  exchangeCode,
  insecure,
  registerLoopbackClient,
  type AuthorizeOutcome,
} from '../support/oauth-flow.ts';

const TTL_SECONDS = 60;
const redirectUri = 'http://127.0.0.1:47400/callback';

type Challenge = { status: number; challenge: string; body: string };

async function bearer(url: string, token: string, init: RequestInit = {}): Promise<Challenge> {
  const response = await fetch(url, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    challenge: response.headers.get('www-authenticate') ?? '',
    body: await response.text(),
  };
}

describe.skipIf(ownInstanceUnavailable)('expiry (/auth.md "Lifetimes"; never anonymous)', () => {
  let instance: Instance;
  let origin: string;
  let as: oauth.AuthorizationServer;
  let operator: oauth.Client;
  let member: { access_token: string; refresh_token?: string };
  let operatorAccess: string;
  let unexchanged: AuthorizeOutcome;

  beforeAll(async () => {
    instance = await startOwnInstance({ ACCESS_TOKEN_TTL_SECONDS: String(TTL_SECONDS) });
    origin = instance.origin;
    as = await discover(origin);
    operator = await registerLoopbackClient(as, { redirect_uris: [redirectUri] });
    const memberClient: oauth.Client = { client_id: CLIENTS.memberApp, token_endpoint_auth_method: 'none' };
    const memberGrant = await authorizeInBrowser(as, {
      clientId: CLIENTS.memberApp,
      redirectUri,
      scope: 'openid account:read',
      resource: origin,
      email: ACCOUNTS.student,
    });
    member = await exchangeCode(as, memberClient, oauth.None(), memberGrant, redirectUri, origin);
    operatorAccess = (
      await exchangeCode(
        as,
        operator,
        oauth.None(),
        await authorizeInBrowser(as, {
          clientId: operator.client_id,
          redirectUri,
          scope: 'courses:read',
          email: ACCOUNTS.owner,
        }),
        redirectUri,
      )
    ).access_token;
    // Issued last: when it has expired, so has everything above.
    unexchanged = await authorizeInBrowser(as, {
      clientId: operator.client_id,
      redirectUri,
      scope: 'courses:read',
      email: ACCOUNTS.owner,
    });
    // Still valid now (the control), then past every lifetime.
    expect((await bearer(`${origin}/api/v1/courses`, operatorAccess)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, (TTL_SECONDS + 2) * 1000));
  }, 180_000);
  afterAll(async () => {
    await instance?.stop();
  });

  it('a code older than 60 seconds is invalid_grant (/auth.md "Lifetimes": codes expire after 60 seconds; RFC 6749 4.1.2)', async () => {
    const params = oauth.validateAuthResponse(as, operator, unexchanged.callback, unexchanged.state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      operator,
      oauth.None(),
      params,
      redirectUri,
      unexchanged.codeVerifier,
      insecure,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.any(String) });
  });

  it('an expired member token is 401 invalid_token at /account/graphql, UserInfo and /mcp, never served as anonymous (RFC 6750 3.1)', async () => {
    const metadata = `resource_metadata="${origin}/.well-known/oauth-protected-resource`;
    const graphql = await bearer(`${origin}/account/graphql`, member.access_token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ viewer { id } }' }),
    });
    const userinfo = await bearer(`${origin}/api/oauth/userinfo`, member.access_token);
    const mcp = await bearer(`${origin}/mcp`, member.access_token, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    for (const [where, answer] of Object.entries({ graphql, userinfo, mcp })) {
      expect(answer.status, where).toBe(401);
      expect(answer.challenge, where).toContain('error="invalid_token"');
      expect(answer.challenge, where).toContain(metadata);
      expect(answer.body, where).not.toContain('search_catalog');
    }
  });

  it('an expired operator token is 401 invalid_token at the admin API and inactive at introspection (RFC 7662 2.2)', async () => {
    const courses = await bearer(`${origin}/api/v1/courses`, operatorAccess);
    expect(courses.status).toBe(401);
    expect(courses.challenge).toContain('error="invalid_token"');
    const info = await oauth.processIntrospectionResponse(
      as,
      operator,
      await oauth.introspectionRequest(as, operator, oauth.None(), operatorAccess, insecure),
    );
    expect(info).toEqual({ active: false });
  });

  it('the refresh token outlives the access token: a refresh after expiry gives a working token (docs/operations.md "Configuration": GRANT_IDLE_LIFETIME_SECONDS)', async () => {
    const client: oauth.Client = { client_id: CLIENTS.memberApp, token_endpoint_auth_method: 'none' };
    const response = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), member.refresh_token!, insecure);
    const refreshed = await oauth.processRefreshTokenResponse(as, client, response);
    expect(refreshed.expires_in).toBe(TTL_SECONDS);
    expect((await bearer(`${origin}/api/oauth/userinfo`, refreshed.access_token)).status).toBe(200);
  });
});
