// The OAuth and OpenID Connect flows again, with a second relying-party library: openid-client
// (v6), so that one library's leniency cannot hide a bug (two independent relying parties). The
// other suites use oauth4webapi. openid-client checks the issuer of the metadata (RFC 8414 3.3),
// iss and state of the authorization response (RFC 9207), the PKCE exchange, and the ID token:
// here also its signature against jwks_uri (enableNonRepudiationChecks).
import * as client from 'openid-client';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { consentOverHttp } from '../support/consent.ts';
import { configureClient, oauthError, startAuthorization, type Started } from '../support/openid-client.ts';

const origin = inject('primaryOrigin');
const redirectUri = 'http://127.0.0.1:43191/callback';
const memberScope = 'openid profile email account:read';

const configure = (clientId: string, metadata: Partial<client.ClientMetadata> = {}, auth = client.None()) =>
  configureClient(origin, clientId, redirectUri, metadata, auth);
const start = (config: client.Configuration, scope: string, resource?: string) =>
  startAuthorization(config, redirectUri, scope, resource);

describe('openid-client: discovery (OpenID Connect Discovery 4, RFC 8414 3)', () => {
  it('accepts both metadata documents, whose issuer is the origin it fetched them from (RFC 8414 3.3; OIDC Discovery 4.3)', async () => {
    for (const algorithm of ['oidc', 'oauth2'] as const) {
      const config = await client.discovery(new URL(origin), CLIENTS.memberApp, undefined, client.None(), {
        algorithm,
        execute: [client.allowInsecureRequests],
      });
      const metadata = config.serverMetadata();
      expect(metadata.issuer).toBe(origin);
      expect(metadata.supportsPKCE('S256')).toBe(true);
      expect(metadata.supportsPKCE('plain')).toBe(false);
      expect(metadata.authorization_response_iss_parameter_supported).toBe(true);
    }
  });
});

describe('openid-client: a member application, end to end (/auth.md steps 1-6: discover, authorize, exchange, call, refresh, revoke)', () => {
  let config: client.Configuration;
  let started: Started;
  let callback: URL;
  let tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;

  beforeAll(async () => {
    config = await configure(CLIENTS.memberApp, { token_endpoint_auth_method: 'none' });
    started = await start(config, memberScope, origin);
    callback = await consentOverHttp(started.url, { email: ACCOUNTS.student });
  });

  it('exchanges the code with PKCE and resource after checking iss and state (RFC 7636 4.5; RFC 8707 2.2; RFC 9207 2.4)', async () => {
    expect(callback.searchParams.get('iss')).toBe(origin);
    tokens = await client.authorizationCodeGrant(
      config,
      callback,
      {
        pkceCodeVerifier: started.verifier,
        expectedState: started.state,
        expectedNonce: started.nonce,
        idTokenExpected: true,
      },
      { resource: origin },
    );
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.scope?.split(' ').sort()).toEqual(memberScope.split(' ').sort());
  });

  it('returns a signed ID token with iss, aud, nonce and a 10-minute exp (OIDC Core 3.1.3.7; /auth.md "Identity")', () => {
    const claims = tokens.claims()!;
    expect(claims.iss).toBe(origin);
    expect([claims.aud].flat()).toEqual([CLIENTS.memberApp]);
    expect(claims.nonce).toBe(started.nonce);
    expect(claims.exp - claims.iat).toBe(600);
    expect(claims.sub).toBeTruthy();
  });

  it("serves UserInfo whose sub is the ID token's, with the claims of /auth.md, Identity (OIDC Core 5.3.2)", async () => {
    const claims = tokens.claims()!;
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(userinfo.sub).toBe(claims.sub);
    expect(userinfo.email).toBe(ACCOUNTS.student);
    expect(userinfo).toHaveProperty('name');
    expect(userinfo).toHaveProperty('org_id');
    expect(userinfo).toHaveProperty('roles');
  });

  it('reports the token active and bound to the origin by introspection (RFC 7662 2.2; RFC 8707)', async () => {
    const introspection = await client.tokenIntrospection(config, tokens.access_token);
    expect(introspection).toMatchObject({ active: true, client_id: CLIENTS.memberApp, iss: origin });
    expect([introspection.aud].flat()).toContain(origin);
  });

  it('refreshes without an id_token and rotates the refresh token, keeping the resource (RFC 6749 6; RFC 8707 2.2; /auth.md "6. Refresh and revoke")', async () => {
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!, { resource: origin });
    expect(refreshed.id_token).toBeUndefined();
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    const introspection = await client.tokenIntrospection(config, refreshed.access_token);
    expect([introspection.aud].flat()).toContain(origin);
    tokens = Object.assign(tokens, { access_token: refreshed.access_token, refresh_token: refreshed.refresh_token });
  });

  it('revoking the refresh token ends the grant: refresh is invalid_grant and the access token inactive (RFC 7009 2.1, 2.2)', async () => {
    await client.tokenRevocation(config, tokens.refresh_token!);
    expect(
      (await oauthError(client.refreshTokenGrant(config, tokens.refresh_token!, { resource: origin }))).error,
    ).toBe('invalid_grant');
    expect(await client.tokenIntrospection(config, tokens.access_token)).toEqual({ active: false });
  });
});

describe('openid-client: a code used twice (RFC 6749 4.1.2)', () => {
  it('refuses the second exchange with invalid_grant and revokes the tokens of the first (RFC 6749 4.1.2)', async () => {
    const config = await configure(CLIENTS.memberApp, { token_endpoint_auth_method: 'none' });
    const started = await start(config, 'openid account:read', origin);
    const callback = await consentOverHttp(started.url, { email: ACCOUNTS.student });
    const checks = { pkceCodeVerifier: started.verifier, expectedState: started.state, expectedNonce: started.nonce };
    const first = await client.authorizationCodeGrant(config, callback, checks, { resource: origin });
    expect((await client.tokenIntrospection(config, first.access_token)).active).toBe(true);
    expect(
      (await oauthError(client.authorizationCodeGrant(config, callback, checks, { resource: origin }))).error,
    ).toBe('invalid_grant');
    expect(await client.tokenIntrospection(config, first.access_token)).toEqual({ active: false });
  });
});

describe('openid-client: a confidential member application (RFC 6749 2.3.1; /auth.md "4. Exchange the code")', () => {
  it.each([
    ['client_secret_post', client.ClientSecretPost],
    ['client_secret_basic', client.ClientSecretBasic],
  ] as const)('authenticates with %s at the token endpoint (RFC 6749 2.3.1)', async (_method, auth) => {
    const config = await configure(CLIENTS.confidentialMemberApp, {}, auth(CLIENTS.confidentialSecret));
    const started = await start(config, 'openid account:read', origin);
    const callback = await consentOverHttp(started.url, { email: ACCOUNTS.student });
    const tokens = await client.authorizationCodeGrant(
      config,
      callback,
      { pkceCodeVerifier: started.verifier, expectedState: started.state, expectedNonce: started.nonce },
      { resource: origin },
    );
    expect(tokens.access_token).toBeTruthy();
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!, { resource: origin });
    expect(refreshed.access_token).toBeTruthy();
  });

  it('refuses a wrong client_secret with 401 invalid_client (RFC 6749 5.2)', async () => {
    const config = await configure(CLIENTS.confidentialMemberApp, {}, client.ClientSecretPost('not-the-secret'));
    const started = await start(config, 'openid account:read', origin);
    const callback = await consentOverHttp(started.url, { email: ACCOUNTS.student });
    const refused = await oauthError(
      client.authorizationCodeGrant(
        config,
        callback,
        { pkceCodeVerifier: started.verifier, expectedState: started.state, expectedNonce: started.nonce },
        { resource: origin },
      ),
    );
    expect(refused).toEqual({ error: 'invalid_client', status: 401, challenge: 'basic' });
  });
});

describe('openid-client: dynamic registration and an operator token (RFC 7591 3.2.1; /auth.md "2. Get a client")', () => {
  it('registers a loopback client at registration_endpoint, then the owner authorizes it and the token reaches the admin API (RFC 7591 3.2.1; RFC 8252 7.3)', async () => {
    const config = await client.dynamicClientRegistration(
      new URL(origin),
      { redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', client_name: 'openid-client contract test' },
      client.None(),
      { execute: [client.allowInsecureRequests] },
    );
    const registered = config.clientMetadata();
    expect(registered.client_id).toBeTruthy();
    expect(registered.redirect_uris).toEqual([redirectUri]);

    const started = await start(config, 'courses:read');
    const callback = await consentOverHttp(started.url, { email: ACCOUNTS.owner });
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
    });
    expect(tokens.id_token).toBeUndefined();
    const courses = await client.fetchProtectedResource(
      config,
      tokens.access_token,
      new URL('/api/v1/courses', origin),
      'GET',
    );
    expect(courses.status).toBe(200);
  });
});
