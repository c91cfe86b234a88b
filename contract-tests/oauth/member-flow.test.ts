// The whole flow of /auth.md for a member application (steps 1-6: discover, obtain a
// client, authorize, exchange code, call the API, refresh, revoke), with oauth4webapi as the
// relying party, on the server the suite started (PGlite or PostgreSQL).
import * as jose from 'jose';
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { authorizeInBrowser, discover, exchangeCode, insecure } from '../support/oauth-flow.ts';

const origin = inject('primaryOrigin');
const redirectUri = 'http://127.0.0.1:43123/callback';
const client: oauth.Client = { client_id: CLIENTS.memberApp, token_endpoint_auth_method: 'none' };
const none = oauth.None();

describe('member application flow (/auth.md steps 1-6)', () => {
  let as: oauth.AuthorizationServer;
  let tokens: oauth.TokenEndpointResponse;

  beforeAll(async () => {
    as = await discover(origin);
    const outcome = await authorizeInBrowser(as, {
      clientId: CLIENTS.memberApp,
      redirectUri,
      scope: 'openid profile email account:read account:write',
      resource: origin,
      email: ACCOUNTS.student,
    });
    tokens = await exchangeCode(as, client, none, outcome, redirectUri, origin);
  });

  it('redirects back with code, state and iss (RFC 9207 2) and exchanges it for Bearer tokens (RFC 6749 5.1)', () => {
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.access_token).toMatch(/^sca_/);
    expect(tokens.refresh_token).toMatch(/^scr_/);
    expect(tokens.expires_in).toBeGreaterThan(0);
    expect(tokens.scope).toBe('openid profile email account:read account:write');
  });

  it('returns an ES256 ID token whose claims equal UserInfo (/auth.md "Identity")', async () => {
    expect(tokens.id_token).toBeDefined();
    const jwks = jose.createRemoteJWKSet(new URL(as.jwks_uri!));
    const { payload, protectedHeader } = await jose.jwtVerify(tokens.id_token!, jwks, {
      issuer: origin,
      audience: CLIENTS.memberApp,
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(protectedHeader.kid).toBeTypeOf('string');
    expect(payload.exp! - payload.iat!).toBe(600);
    expect(payload.auth_time).toBeTypeOf('number');
    const response = await oauth.userInfoRequest(as, client, tokens.access_token, insecure);
    const userinfo = await oauth.processUserInfoResponse(as, client, payload.sub!, response);
    for (const claim of ['sub', 'email', 'name', 'org_id', 'roles'] as const)
      expect(payload[claim]).toEqual(userinfo[claim]);
    expect(userinfo.roles).toEqual(['student']);
    expect(userinfo.email).toBe(ACCOUNTS.student);
  });

  it('introspection reports the token active and bound to the origin (RFC 7662 2.2; RFC 8707)', async () => {
    const response = await oauth.introspectionRequest(as, client, none, tokens.access_token, insecure);
    const result = await oauth.processIntrospectionResponse(as, client, response);
    expect(result).toMatchObject({
      active: true,
      client_id: CLIENTS.memberApp,
      aud: origin,
      iss: origin,
      token_type: 'Bearer',
    });
    expect(result.scope).toContain('account:read');
  });

  it('rotates the refresh token and issues no id_token on refresh (RFC 9700 4.14.2; /auth.md "6. Refresh and revoke")', async () => {
    const response = await oauth.refreshTokenGrantRequest(as, client, none, tokens.refresh_token!, insecure);
    const refreshed = await oauth.processRefreshTokenResponse(as, client, response);
    expect(refreshed.refresh_token).toBeDefined();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.id_token).toBeUndefined();
    const info = await oauth.processIntrospectionResponse(
      as,
      client,
      await oauth.introspectionRequest(as, client, none, refreshed.access_token, insecure),
    );
    expect(info.aud).toBe(origin);
  });

  it('revoking the refresh token ends the grant: its access tokens fail at once (RFC 7009 2.1)', async () => {
    const outcome = await authorizeInBrowser(as, {
      clientId: CLIENTS.memberApp,
      redirectUri,
      scope: 'openid account:read',
      resource: origin,
      email: ACCOUNTS.student2,
    });
    const fresh = await exchangeCode(as, client, none, outcome, redirectUri, origin);
    expect((await oauth.userInfoRequest(as, client, fresh.access_token, insecure)).status).toBe(200);
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, none, fresh.refresh_token!, insecure),
    );
    const after = await oauth.userInfoRequest(as, client, fresh.access_token, insecure);
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const refresh = await fetch(as.token_endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: fresh.refresh_token!,
        client_id: CLIENTS.memberApp,
      }),
    });
    expect(refresh.status).toBe(400);
    expect((await refresh.json()).error).toBe('invalid_grant');
  });

  it('a client with loopback redirects asks for consent every time, remembered or not (/auth.md "3. Authorize")', async () => {
    const first = await authorizeInBrowser(as, {
      clientId: CLIENTS.memberApp,
      redirectUri,
      scope: 'openid account:read',
      resource: origin,
      email: ACCOUNTS.student,
    });
    expect(first.callback.searchParams.get('code')).toBeTruthy();
    // The same browser session asks again and denies at the consent page it is shown again.
    const again = await authorizeInBrowser(as, {
      clientId: CLIENTS.memberApp,
      redirectUri,
      scope: 'openid account:read',
      resource: origin,
      jar: first.jar,
      decision: 'deny',
    });
    expect(again.callback.searchParams.get('error')).toBe('access_denied');
    expect(again.callback.searchParams.get('iss')).toBe(origin);
  });
});
