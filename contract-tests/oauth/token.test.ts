// The token endpoint (RFC 6749 3.2, 4.1.3, 5, 6; RFC 7636; RFC 8707; RFC 9700 4.14.2) as clients
// see it: the authorization_code and refresh_token grants, client authentication and the error
// format. Successful flows use oauth4webapi; malformed or hostile requests use raw fetch.
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { CookieJar } from '../support/cookie-jar.ts';
import { authorizeInBrowser, discover, exchangeCode, insecure, type AuthorizeOutcome } from '../support/oauth-flow.ts';

const origin = inject('primaryOrigin');
// Another origin this server does not serve as a resource: the second school, or any other.
const otherOrigin = inject('secondaryOrigin') || 'https://another-school.example';
const tokenUrl = `${origin}/api/oauth/token`;
const redirectUri = 'http://127.0.0.1:45310/callback';
const SCOPE = 'openid profile account:read';
const publicClient: oauth.Client = { client_id: CLIENTS.memberApp, token_endpoint_auth_method: 'none' };
const confidentialClient: oauth.Client = {
  client_id: CLIENTS.confidentialMemberApp,
  token_endpoint_auth_method: 'client_secret_post',
};
const secret = { client_secret: CLIENTS.confidentialSecret };
// One signed-in browser for the whole file: sign-in is rate limited per address.
const jar = new CookieJar();
let as: oauth.AuthorizationServer;

type Wire = { status: number; headers: Headers; body: Record<string, unknown> };

async function post(
  url: string,
  params: Record<string, string | string[] | undefined>,
  headers: Record<string, string> = {},
): Promise<Wire> {
  // An array is the field repeated (RFC 8707 2: `resource` may be).
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const one of v === undefined ? [] : [v].flat()) form.append(k, one);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
}

const basicAuth = (id: string, pw: string) => ({
  authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(pw)}`).toString('base64')}`,
});

function expectError(res: Wire, status: number, error: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('cache-control')).toContain('no-store');
  expect(res.body.error).toBe(error);
  expect(res.body.error_description).toEqual(expect.any(String));
}

function authorize(clientId: string = CLIENTS.memberApp, scope = SCOPE): Promise<AuthorizeOutcome> {
  return authorizeInBrowser(as, { clientId, redirectUri, scope, resource: origin, email: ACCOUNTS.student, jar });
}

/** The code exchange as raw form parameters; `overrides` may replace or drop (undefined) any. */
function exchangeRaw(outcome: AuthorizeOutcome, overrides: Record<string, string | undefined> = {}): Promise<Wire> {
  const code = outcome.callback.searchParams.get('code');
  expect(code, outcome.callback.toString()).toBeTruthy();
  return post(tokenUrl, {
    grant_type: 'authorization_code',
    code: code!,
    redirect_uri: redirectUri,
    code_verifier: outcome.codeVerifier,
    client_id: CLIENTS.memberApp,
    resource: origin,
    ...overrides,
  });
}

async function memberTokens(scope = SCOPE): Promise<oauth.TokenEndpointResponse> {
  return exchangeCode(as, publicClient, oauth.None(), await authorize(CLIENTS.memberApp, scope), redirectUri, origin);
}

const refresh = (token: string, extra: Record<string, string | string[]> = {}, clientId: string = CLIENTS.memberApp) =>
  post(tokenUrl, { grant_type: 'refresh_token', refresh_token: token, client_id: clientId, ...extra });
const introspect = async (token: string) =>
  (await post(`${origin}/api/oauth/introspect`, { token, client_id: CLIENTS.memberApp })).body;
const userinfoStatus = async (accessToken: string) =>
  (await fetch(`${origin}/api/oauth/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } })).status;

beforeAll(async () => {
  as = await discover(origin);
});

describe('authorization_code grant (RFC 6749 4.1.3, RFC 7636 4.6, RFC 8707 2)', () => {
  it('issues Bearer tokens with Cache-Control no-store and an id_token for openid (RFC 6749 5.1, OIDC Core 3.1.3.3)', async () => {
    const res = await exchangeRaw(await authorize());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.body.token_type).toMatch(/^bearer$/i);
    expect(res.body).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: expect.any(Number),
      scope: SCOPE,
    });
    expect(res.body.id_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('rejects a code_verifier that does not match the code_challenge with invalid_grant (RFC 7636 4.6)', async () => {
    expectError(
      await exchangeRaw(await authorize(), { code_verifier: oauth.generateRandomCodeVerifier() }),
      400,
      'invalid_grant',
    );
  });

  it('rejects a missing code_verifier (RFC 7636 4.5)', async () => {
    const res = await exchangeRaw(await authorize(), { code_verifier: undefined });
    expect(res.status).toBe(400);
    expect(['invalid_request', 'invalid_grant']).toContain(res.body.error);
  });

  it('rejects a redirect_uri that differs from the authorization request with invalid_grant (RFC 6749 4.1.3)', async () => {
    expectError(
      await exchangeRaw(await authorize(), { redirect_uri: 'http://127.0.0.1:45310/other' }),
      400,
      'invalid_grant',
    );
  });

  it('rejects a code presented by another client with invalid_grant (RFC 6749 4.1.3)', async () => {
    const res = await exchangeRaw(await authorize(), { client_id: CLIENTS.confidentialMemberApp, ...secret });
    expectError(res, 400, 'invalid_grant');
  });

  it.each([
    ["the other school's origin", otherOrigin],
    ['a foreign URL', 'https://evil.example'],
    ['no resource at all', undefined],
  ])('rejects a member code exchange with %s as resource with invalid_target (RFC 8707 2)', async (_name, resource) => {
    expectError(await exchangeRaw(await authorize(), { resource }), 400, 'invalid_target');
  });

  it('rejects a reused authorization code and revokes its tokens (RFC 6749 4.1.2)', async () => {
    const outcome = await authorize();
    const first = await exchangeRaw(outcome);
    expect(first.status).toBe(200);
    const access = first.body.access_token as string;
    expect(await userinfoStatus(access)).toBe(200);
    expectError(await exchangeRaw(outcome), 400, 'invalid_grant');
    expect(await userinfoStatus(access)).toBe(401);
    expect(await introspect(access)).toEqual({ active: false });
    expectError(await refresh(first.body.refresh_token as string), 400, 'invalid_grant');
  });
});

describe('single use, even when an exchange fails (RFC 9700 2.1.1, RFC 6749 4.1.2)', () => {
  it('a failed exchange (wrong verifier) burns the code: the right verifier afterwards is invalid_grant', async () => {
    const outcome = await authorize();
    expectError(await exchangeRaw(outcome, { code_verifier: 'x'.repeat(43) }), 400, 'invalid_grant');
    expectError(await exchangeRaw(outcome), 400, 'invalid_grant');
  });

  it('a code replayed by another client revokes the tokens its first use issued', async () => {
    const outcome = await authorize();
    const first = await exchangeRaw(outcome);
    expect(first.status).toBe(200);
    const replay = await exchangeRaw(outcome, { client_id: CLIENTS.confidentialMemberApp, ...secret });
    expectError(replay, 400, 'invalid_grant');
    expect(await userinfoStatus(first.body.access_token as string)).toBe(401);
  });
});

describe('client authentication (RFC 6749 2.3, 5.2)', () => {
  it('accepts client_secret_post and client_secret_basic for a confidential client (RFC 6749 2.3.1)', async () => {
    const outcome = await authorize(CLIENTS.confidentialMemberApp);
    const tokens = await exchangeCode(
      as,
      confidentialClient,
      oauth.ClientSecretPost(CLIENTS.confidentialSecret),
      outcome,
      redirectUri,
      origin,
    );
    const response = await oauth.refreshTokenGrantRequest(
      as,
      confidentialClient,
      oauth.ClientSecretBasic(CLIENTS.confidentialSecret),
      tokens.refresh_token!,
      insecure,
    );
    const refreshed = await oauth.processRefreshTokenResponse(as, confidentialClient, response);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
  });

  it.each([
    ['a wrong client_secret in the body', { client_id: CLIENTS.confidentialMemberApp, client_secret: 'wrong' }, {}],
    ['a confidential client without its secret', { client_id: CLIENTS.confidentialMemberApp }, {}],
    ['a wrong secret in HTTP Basic', {}, basicAuth(CLIENTS.confidentialMemberApp, 'wrong')],
    ['an unknown client', { client_id: 'no-such-client' }, {}],
    ['no client identification at all', {}, {}],
  ])('answers %s with 401 invalid_client and WWW-Authenticate (RFC 6749 5.2)', async (_name, params, headers) => {
    const res = await post(
      tokenUrl,
      { grant_type: 'refresh_token', refresh_token: 'scr_whatever', ...params },
      headers,
    );
    expectError(res, 401, 'invalid_client');
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic /i);
  });

  it.each(['password', 'client_credentials', 'urn:ietf:params:oauth:grant-type:device_code'])(
    'answers grant_type=%s with unsupported_grant_type (RFC 6749 5.2)',
    async (grantType) => {
      expectError(
        await post(tokenUrl, { grant_type: grantType, client_id: CLIENTS.memberApp, username: 'a', password: 'b' }),
        400,
        'unsupported_grant_type',
      );
    },
  );

  it('rejects a JSON body with invalid_request (RFC 6749 3.2: form-encoded only)', async () => {
    const response = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: 'scr_x', client_id: CLIENTS.memberApp }),
    });
    expectError(
      { status: response.status, headers: response.headers, body: await response.json() },
      400,
      'invalid_request',
    );
  });
});

describe('refresh_token grant (RFC 6749 6, RFC 9700 4.14.2)', () => {
  it('rotates the refresh token on every use and returns no id_token (RFC 9700 4.14.2; /auth.md "6. Refresh and revoke")', async () => {
    let current = (await memberTokens()).refresh_token!;
    const seen = new Set([current]);
    for (let i = 0; i < 2; i++) {
      const res = await refresh(current);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.headers.get('cache-control')).toContain('no-store');
      expect(res.body.id_token).toBeUndefined();
      expect(seen.has(res.body.refresh_token as string)).toBe(false);
      current = res.body.refresh_token as string;
      seen.add(current);
    }
    expect(await introspect(current)).toMatchObject({ active: true, client_id: CLIENTS.memberApp });
  });

  it('a retry with the rotated token within the window returns the same successor pair, which stays the one live branch (RFC 9700 4.14.2)', async () => {
    const original = (await memberTokens()).refresh_token!;
    const first = await refresh(original);
    expect(first.status).toBe(200);
    const retry = await refresh(original);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.refresh_token).toBe(first.body.refresh_token);
    expect(retry.body.access_token).toBe(first.body.access_token);
    expect((await introspect(first.body.refresh_token as string)).active).toBe(true);
    expect((await refresh(first.body.refresh_token as string)).status).toBe(200);
  });

  it('a retry after the successor was used is a fork: the whole family ends, the newest tokens included (RFC 9700 4.14.2)', async () => {
    const original = (await memberTokens()).refresh_token!;
    const first = await refresh(original);
    const second = await refresh(first.body.refresh_token as string);
    expect(second.status).toBe(200);
    expectError(await refresh(original), 400, 'invalid_grant');
    expect((await introspect(second.body.refresh_token as string)).active).toBe(false);
    expect(await userinfoStatus(second.body.access_token as string)).toBe(401);
  });

  it('a thief replaying a just-rotated token inside the window never takes the grant over: the first fork ends the family for both (RFC 9700 4.14.2)', async () => {
    const stolen = (await memberTokens()).refresh_token!;
    const client = await refresh(stolen);
    const thief = await refresh(stolen);
    expect(thief.body.refresh_token, 'the replay gets the pair the client already holds, not a branch of its own').toBe(
      client.body.refresh_token,
    );
    const thiefNext = await refresh(thief.body.refresh_token as string);
    const thiefLater = await refresh(thiefNext.body.refresh_token as string);
    expect(thiefLater.status).toBe(200);
    // The client now presents its token, whose successor the thief already used: a fork.
    expectError(await refresh(client.body.refresh_token as string), 400, 'invalid_grant');
    expectError(await refresh(thiefLater.body.refresh_token as string), 400, 'invalid_grant');
    expect(await userinfoStatus(thiefLater.body.access_token as string)).toBe(401);
  });

  it('30 concurrent refreshes with one token all receive one successor pair, and the chain continues from it (RFC 9700 4.14.2)', async () => {
    const start = await memberTokens();
    const results = await Promise.all(Array.from({ length: 30 }, () => refresh(start.refresh_token!)));
    for (const res of results) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const successors = new Set(results.map((r) => r.body.refresh_token as string));
    expect(successors.size).toBe(1);
    expect(new Set(results.map((r) => r.body.access_token as string)).size).toBe(1);
    const [successor] = [...successors];
    expect((await introspect(successor!)).active).toBe(true);
    const next = await refresh(successor!);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(await userinfoStatus(next.body.access_token as string)).toBe(200);
  });

  it('refuses a rotated refresh token presented by another client with invalid_grant (RFC 6749 6, RFC 9700 4.14.2)', async () => {
    const original = (await memberTokens()).refresh_token!;
    const rotated = await refresh(original);
    expect(rotated.status).toBe(200);
    expectError(await refresh(original, secret, CLIENTS.confidentialMemberApp), 400, 'invalid_grant');
    expectError(
      await refresh(rotated.body.refresh_token as string, secret, CLIENTS.confidentialMemberApp),
      400,
      'invalid_grant',
    );
  });

  it('refuses a refresh token revoked at the revocation endpoint with invalid_grant (RFC 7009 2.1)', async () => {
    const tokens = await memberTokens();
    const revoked = await post(`${origin}/api/oauth/revoke`, {
      token: tokens.refresh_token!,
      token_type_hint: 'refresh_token',
      client_id: CLIENTS.memberApp,
    });
    expect(revoked.status).toBe(200);
    expectError(await refresh(tokens.refresh_token!), 400, 'invalid_grant');
    expect(await userinfoStatus(tokens.access_token)).toBe(401);
  });

  it('narrows the scope on refresh and refuses widening with invalid_scope (RFC 6749 6)', async () => {
    const tokens = await memberTokens();
    const narrowed = await refresh(tokens.refresh_token!, { scope: 'account:read' });
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
    expect(narrowed.body.scope).toBe('account:read');
    expect((await introspect(narrowed.body.access_token as string)).scope).toBe('account:read');
    const current = narrowed.body.refresh_token as string;
    expectError(await refresh(current, { scope: 'account:read account:write' }), 400, 'invalid_scope');
    expectError(await refresh(current, { scope: 'courses:read' }), 400, 'invalid_scope');
  });

  it('a member application that refreshes with the scope it first asked for, /mcp\'s metadata list, keeps what it was granted (RFC 6749 6, 3.3; /auth.md "Which scopes a client receives")', async () => {
    const metadata = await fetch(`${origin}/.well-known/oauth-protected-resource/mcp`);
    const asked = ((await metadata.json()) as { scopes_supported: string[] }).scopes_supported.join(' ');
    const granted = 'openid profile email account:read account:write';
    const tokens = await memberTokens(asked);
    expect(tokens.scope).toBe(granted);
    const again = await refresh(tokens.refresh_token!, { scope: asked });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.scope).toBe(granted);
    expectError(await refresh(again.body.refresh_token as string, { scope: `${asked} no:such` }), 400, 'invalid_scope');
  });

  it('keeps the resource binding on refresh: another resource is invalid_target (RFC 8707 2.2)', async () => {
    const tokens = await memberTokens();
    expectError(await refresh(tokens.refresh_token!, { resource: otherOrigin }), 400, 'invalid_target');
    expectError(await refresh(tokens.refresh_token!, { resource: 'https://evil.example' }), 400, 'invalid_target');
    const same = await refresh(tokens.refresh_token!, { resource: origin });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(await introspect(same.body.access_token as string)).toMatchObject({ active: true, aud: origin });
  });

  it('takes resource repeated, each naming this school, and refuses a repetition naming another (RFC 8707 2)', async () => {
    const tokens = await memberTokens();
    const foreign = await refresh(tokens.refresh_token!, { resource: [origin, 'https://evil.example'] });
    expectError(foreign, 400, 'invalid_target');
    const repeated = await refresh(tokens.refresh_token!, { resource: [origin, `${origin}/mcp`] });
    expect(repeated.status, JSON.stringify(repeated.body)).toBe(200);
    expect(await introspect(repeated.body.access_token as string)).toMatchObject({ active: true, aud: origin });
  });
});
