// Bearer tokens at a protected resource (RFC 6750 3, RFC 9728 5.1; UserInfo, which needs openid),
// token introspection (RFC 7662) and revocation (RFC 7009), as clients and resource servers see
// them. A token of the second school proves that each origin is its own audience.
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { CookieJar } from '../support/cookie-jar.ts';
import { authorizeInBrowser, discover, exchangeCode, insecure, registerLoopbackClient } from '../support/oauth-flow.ts';

const origin = inject('primaryOrigin');
const secondaryOrigin = inject('secondaryOrigin');
const userinfoUrl = `${origin}/api/oauth/userinfo`;
const metadataPointer = (o: string) => `resource_metadata="${o}/.well-known/oauth-protected-resource"`;
const redirectUri = 'http://127.0.0.1:45320/callback';
const confidential = { client_id: CLIENTS.confidentialMemberApp, client_secret: CLIENTS.confidentialSecret };
const jar = new CookieJar(); // one sign-in for the file (sign-in is rate limited per address)
let as: oauth.AuthorizationServer;

type Wire = { status: number; headers: Headers; body: Record<string, unknown> };

async function wire(response: Response): Promise<Wire> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
}

const callUserinfo = async (authorization?: string, method = 'GET', url = userinfoUrl) =>
  wire(await fetch(url, { method, headers: authorization === undefined ? {} : { authorization } }));

async function post(path: string, params: Record<string, string>, o = origin): Promise<Wire> {
  return wire(
    await fetch(`${o}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params),
    }),
  );
}

const introspect = (token: string, client: Record<string, string> = { client_id: CLIENTS.memberApp }) =>
  post('/api/oauth/introspect', { token, ...client });
const revoke = (token: string, client: Record<string, string> = { client_id: CLIENTS.memberApp }) =>
  post('/api/oauth/revoke', { token, ...client });

/** RFC 6750 3 / RFC 9728 5.1: status, Bearer challenge with the metadata pointer, JSON body. */
function expectChallenge(res: Wire, status: number, error: string | undefined, o = origin): string {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const challenge = res.headers.get('www-authenticate') ?? '';
  expect(challenge).toMatch(/^Bearer /);
  expect(challenge).toContain(metadataPointer(o));
  if (error) expect(challenge).toContain(`error="${error}"`);
  else expect(challenge).not.toContain('error=');
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.body.error).toEqual(error ?? expect.any(String));
  expect(res.body.error_description).toEqual(expect.any(String));
  return challenge;
}

async function memberTokens(scope = 'openid account:read', clientId: string = CLIENTS.memberApp, auth = oauth.None()) {
  const outcome = await authorizeInBrowser(as, {
    clientId,
    redirectUri,
    scope,
    resource: origin,
    email: ACCOUNTS.student,
    jar,
  });
  const client: oauth.Client = {
    client_id: clientId,
    token_endpoint_auth_method: clientId === CLIENTS.memberApp ? 'none' : 'client_secret_post',
  };
  return exchangeCode(as, client, auth, outcome, redirectUri, origin);
}

beforeAll(async () => {
  as = await discover(origin);
});

describe('UserInfo as a protected resource (RFC 6750 3, RFC 9728 5.1)', () => {
  it.each(['GET', 'POST'])(
    'answers %s without a token with 401 and a resource_metadata challenge, no error code (RFC 6750 3.1, RFC 9728 5.1)',
    async (method) => {
      expectChallenge(await callUserinfo(undefined, method), 401, undefined);
    },
  );

  it('serves the claims for a valid token by GET and POST (OIDC Core 5.3.1)', async () => {
    const tokens = await memberTokens();
    for (const method of ['GET', 'POST']) {
      const res = await callUserinfo(`Bearer ${tokens.access_token}`, method);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.sub).toEqual(expect.any(String));
    }
  });

  it('answers an unknown token with 401 invalid_token (RFC 6750 3.1)', async () => {
    expectChallenge(
      await callUserinfo('Bearer sca_thisTokenWasNeverIssuedByTheServer0000000000'),
      401,
      'invalid_token',
    );
  });

  it.each([
    ['an empty Bearer header', 'Bearer'],
    ['a token with a space', 'Bearer abc def'],
    ['a quoted token', 'Bearer "sca_abc"'],
    ['another scheme', 'Basic ZGVtbzpkZW1v'],
  ])('answers %s with 401 invalid_token (RFC 6750 2.1, 3.1)', async (_name, header) => {
    expectChallenge(await callUserinfo(header), 401, 'invalid_token');
  });

  it('answers a revoked access token with 401 invalid_token (RFC 7009 2, RFC 6750 3.1)', async () => {
    const tokens = await memberTokens();
    expect((await callUserinfo(`Bearer ${tokens.access_token}`)).status).toBe(200);
    expect((await revoke(tokens.access_token)).status).toBe(200);
    expectChallenge(await callUserinfo(`Bearer ${tokens.access_token}`), 401, 'invalid_token');
  });

  it.runIf(secondaryOrigin)(
    "answers another school's token with 401 invalid_token and this origin's metadata (/auth.md, Errors; RFC 8707)",
    async () => {
      const secondary = await discover(secondaryOrigin);
      const client = await registerLoopbackClient(secondary);
      const callback = 'http://127.0.0.1:45321/callback';
      const outcome = await authorizeInBrowser(secondary, {
        clientId: client.client_id,
        redirectUri: callback,
        scope: 'openid courses:read',
        email: ACCOUNTS.secondSchoolOwner,
      });
      // This school signs no ID tokens, so the exchange is processed as plain OAuth 2.0.
      const params = oauth.validateAuthResponse(secondary, client, outcome.callback, outcome.state);
      const response = await oauth.authorizationCodeGrantRequest(
        secondary,
        client,
        oauth.None(),
        params,
        callback,
        outcome.codeVerifier,
        insecure,
      );
      const tokens = await oauth.processAuthorizationCodeResponse(secondary, client, response);
      expect(tokens.id_token).toBeUndefined();
      const atHome = await callUserinfo(
        `Bearer ${tokens.access_token}`,
        'GET',
        `${secondaryOrigin}/api/oauth/userinfo`,
      );
      expect(atHome.status, JSON.stringify(atHome.body)).toBe(200);
      expectChallenge(await callUserinfo(`Bearer ${tokens.access_token}`), 401, 'invalid_token');
    },
  );

  it('answers a valid token without openid with 403 insufficient_scope naming openid (RFC 6750 3.1)', async () => {
    const tokens = await memberTokens('account:read');
    for (const method of ['GET', 'POST']) {
      const challenge = expectChallenge(
        await callUserinfo(`Bearer ${tokens.access_token}`, method),
        403,
        'insufficient_scope',
      );
      expect(challenge).toMatch(/(^Bearer |, )scope="openid"(,|$)/);
    }
  });
});

describe('token introspection (RFC 7662)', () => {
  it.each([
    ['no client credentials', {}],
    ['a wrong client secret', { client_id: CLIENTS.confidentialMemberApp, client_secret: 'wrong' }],
    ['an unknown client', { client_id: 'no-such-client' }],
  ])('refuses %s with 401 invalid_client (RFC 7662 2.1)', async (_name, client) => {
    const res = await introspect('sca_anything', client);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
    expect(res.body.error_description).toEqual(expect.any(String));
  });

  it("reports the client's own access and refresh tokens active, bound to the origin (RFC 7662 2.2)", async () => {
    const tokens = await memberTokens();
    const access = await introspect(tokens.access_token);
    expect(access.status).toBe(200);
    expect(access.headers.get('cache-control')).toContain('no-store');
    expect(access.body).toMatchObject({
      active: true,
      client_id: CLIENTS.memberApp,
      iss: origin,
      aud: origin,
      scope: 'openid account:read',
      sub: expect.any(String),
    });
    expect(access.body.exp as number).toBeGreaterThan(Date.now() / 1000);
    expect((await introspect(tokens.refresh_token!)).body).toMatchObject({
      active: true,
      client_id: CLIENTS.memberApp,
    });
  });

  it('shows a client only its own tokens: another client\'s token is {"active": false} (RFC 7662 2.2)', async () => {
    const tokens = await memberTokens();
    for (const token of [tokens.access_token, tokens.refresh_token!]) {
      const res = await introspect(token, confidential);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ active: false });
    }
  });

  it('answers unknown and revoked tokens with {"active": false} (RFC 7662 2.2)', async () => {
    const tokens = await memberTokens();
    await revoke(tokens.refresh_token!);
    for (const token of ['sca_neverIssued', tokens.access_token, tokens.refresh_token!])
      expect((await introspect(token)).body).toEqual({ active: false });
  });

  it.runIf(secondaryOrigin)(
    'answers a token of another school with {"active": false}, even to the client holding it (RFC 7662 2.2)',
    async () => {
      const vendor: oauth.Client = { client_id: CLIENTS.vendorClientId, token_endpoint_auth_method: 'none' };
      const callback = 'https://crm.example.test/oauth/callback';
      const outcome = await authorizeInBrowser(as, {
        clientId: vendor.client_id,
        redirectUri: callback,
        scope: 'courses:read',
        email: ACCOUNTS.owner,
      });
      const tokens = await exchangeCode(as, vendor, oauth.None(), outcome, callback);
      expect((await introspect(tokens.access_token, { client_id: vendor.client_id })).body).toMatchObject({
        active: true,
        aud: origin,
      });
      const elsewhere = await post(
        '/api/oauth/introspect',
        { token: tokens.access_token, client_id: vendor.client_id },
        secondaryOrigin,
      );
      expect(elsewhere.status).toBe(200);
      expect(elsewhere.body).toEqual({ active: false });
    },
  );
});

describe('token revocation (RFC 7009)', () => {
  it('answers 200 for a token it does not know (RFC 7009 2.2)', async () => {
    const res = await revoke('scr_neverIssuedByThisServer');
    expect(res.status).toBe(200);
    expect(res.body.error).toBeUndefined();
  });

  it("revoking a refresh token revokes its grant's access tokens (RFC 7009 2.1)", async () => {
    const tokens = await memberTokens();
    const refreshed = await post('/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
      client_id: CLIENTS.memberApp,
    });
    expect(refreshed.status).toBe(200);
    const accessTokens = [tokens.access_token, refreshed.body.access_token as string];
    for (const token of accessTokens) expect((await callUserinfo(`Bearer ${token}`)).status).toBe(200);
    expect((await revoke(refreshed.body.refresh_token as string)).status).toBe(200);
    for (const token of accessTokens) {
      expectChallenge(await callUserinfo(`Bearer ${token}`), 401, 'invalid_token');
      expect((await introspect(token)).body).toEqual({ active: false });
    }
  });

  it("does not let a client revoke another client's token (RFC 7009 2.1)", async () => {
    const tokens = await memberTokens();
    const res = await revoke(tokens.refresh_token!, confidential);
    expect(res.status).toBeLessThan(500);
    await revoke(tokens.access_token, confidential);
    expect((await callUserinfo(`Bearer ${tokens.access_token}`)).status).toBe(200);
    expect((await introspect(tokens.refresh_token!)).body.active).toBe(true);
  });
});
