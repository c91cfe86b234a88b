// The identity claims of UserInfo and the ID token by scope (OIDC Core 5.4; /auth.md "Identity"): `sub`,
// `org_id` and `roles` with `openid`, `name` only with `profile`, `email` only with `email`, the
// ID token's claims equal to UserInfo's for the same grant; and the signing algorithm a client
// registers (OIDC Dynamic Registration 2: id_token_signed_response_alg; ES256 by default, RS256
// on request, as OIDC Discovery 3 lists both; anything else invalid_client_metadata, RFC 7591 3.2.2).
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { authorizeInBrowser, discover, exchangeCode, insecure } from '../support/oauth-flow.ts';

const origin = inject('primaryOrigin');
const redirectUri = 'http://127.0.0.1:47300/callback';
const IDENTITY = ['email', 'email_verified', 'name', 'org_id', 'roles', 'sub'];

describe('identity claims by scope (OIDC Core 5.4; /auth.md "Identity")', () => {
  let as: oauth.AuthorizationServer;
  beforeAll(async () => {
    as = await discover(origin);
  });

  it.each([
    ['openid account:read', ['org_id', 'roles', 'sub']],
    // OpenID Connect Core 5.4: the email scope asks for email and email_verified.
    ['openid email account:read', ['email', 'email_verified', 'org_id', 'roles', 'sub']],
    ['openid profile account:read', ['name', 'org_id', 'roles', 'sub']],
  ])('"%s" gives UserInfo exactly %j, and the ID token the same values', async (scope, claims) => {
    const client: oauth.Client = { client_id: CLIENTS.memberApp, token_endpoint_auth_method: 'none' };
    const outcome = await authorizeInBrowser(as, {
      clientId: CLIENTS.memberApp,
      redirectUri,
      scope,
      resource: origin,
      email: ACCOUNTS.student2,
    });
    const tokens = await exchangeCode(as, client, oauth.None(), outcome, redirectUri, origin);
    const userinfo = (await (
      await fetch(as.userinfo_endpoint!, { headers: { authorization: `Bearer ${tokens.access_token}` } })
    ).json()) as Record<string, unknown>;
    expect(Object.keys(userinfo).sort()).toEqual(claims);
    expect(userinfo.roles).toEqual(['student']);
    const idToken = oauth.getValidatedIdTokenClaims(tokens)!;
    expect(IDENTITY.filter((c) => c in idToken)).toEqual(claims);
    for (const claim of claims) expect(idToken[claim], claim).toEqual(userinfo[claim]);
  });
});

describe('id_token_signed_response_alg (OIDC Dynamic Registration 2; OIDC Discovery 3)', () => {
  let as: oauth.AuthorizationServer;
  beforeAll(async () => {
    as = await discover(origin);
  });

  it('a client registered with RS256 gets RS256 ID tokens, signed by a key the JWKS publishes with its kid', async () => {
    const registered = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        {
          redirect_uris: [redirectUri],
          token_endpoint_auth_method: 'none',
          client_name: 'RS256 agent',
          id_token_signed_response_alg: 'RS256',
        },
        insecure,
      ),
    );
    expect(registered.id_token_signed_response_alg).toBe('RS256');
    const client: oauth.Client = {
      client_id: registered.client_id,
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'RS256',
    };
    const outcome = await authorizeInBrowser(as, {
      clientId: client.client_id,
      redirectUri,
      scope: 'openid courses:read',
      email: ACCOUNTS.owner,
    });
    const tokens = await exchangeCode(as, client, oauth.None(), outcome, redirectUri);
    const header = decodeProtectedHeader(tokens.id_token!);
    expect(header.alg).toBe('RS256');
    const jwks = await (await fetch(as.jwks_uri!)).json();
    expect(jwks.keys.find((k: { kid: string }) => k.kid === header.kid)).toMatchObject({ kty: 'RSA', alg: 'RS256' });
    const { payload } = await jwtVerify(tokens.id_token!, createLocalJWKSet(jwks), {
      issuer: origin,
      audience: client.client_id,
      algorithms: ['RS256'],
    });
    expect(payload.exp! - payload.iat!).toBe(600);
  });

  it('a client registered without it gets ES256 ID tokens (/auth.md "Identity")', async () => {
    const registered = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        { redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', client_name: 'ES256 agent' },
        insecure,
      ),
    );
    expect(registered.id_token_signed_response_alg).toBe('ES256');
    const client: oauth.Client = { client_id: registered.client_id, token_endpoint_auth_method: 'none' };
    const outcome = await authorizeInBrowser(as, {
      clientId: client.client_id,
      redirectUri,
      scope: 'openid courses:read',
      email: ACCOUNTS.owner,
    });
    expect(
      decodeProtectedHeader((await exchangeCode(as, client, oauth.None(), outcome, redirectUri)).id_token!).alg,
    ).toBe('ES256');
  });

  it.each(['HS256', 'none', 'PS256'])(
    'id_token_signed_response_alg %s is invalid_client_metadata (RFC 7591 3.2.2)',
    async (alg) => {
      const response = await fetch(as.registration_endpoint!, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          redirect_uris: [redirectUri],
          token_endpoint_auth_method: 'none',
          id_token_signed_response_alg: alg,
        }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: 'invalid_client_metadata',
        error_description: expect.any(String),
      });
    },
  );
});
