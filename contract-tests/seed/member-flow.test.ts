// Authentication 1 in its order for a member application (discover, authorize, exchange code, call
// the API, refresh, revoke) with openid-client as the relying party, one sign-in for the whole
// file: Endpoints › Authorization request, Token request, UserInfo, Revocation, Member data API,
// MCP, and Authentication 6 and 7, each checked on the wire in the specification's own words.
import * as jose from 'jose';
import * as client from 'openid-client';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNTS, CLIENTS } from '../support/accounts.ts';
import { consentOverHttp } from '../support/consent.ts';
import { CookieJar } from '../support/cookie-jar.ts';
import { connect } from '../mcp/mcp-client.ts';
import { checksOf, configureClient, startAuthorization, type Started } from '../support/openid-client.ts';
import { CLAIMS, resourceMetadataOf, VIEWER_QUERY } from './words.ts';
import { getUserInfo, postForm, postGraphQL } from './wire.ts';

const origin = inject('primaryOrigin');
const redirectUri = 'http://127.0.0.1:43904/callback';
const scope = 'openid profile email account:read';
const jar = new CookieJar(); // the person signs in once; every later authorization only consents

let config: client.Configuration;
let started: Started;
let callback: URL;
let tokens: client.TokenEndpointResponse;

/** Authorizes `clientConfig` for `requested` in the signed-in browser and returns the request and its redirect. */
async function authorize(clientConfig: client.Configuration, requested: string): Promise<[Started, URL]> {
  const request = await startAuthorization(clientConfig, redirectUri, requested, origin);
  return [request, await consentOverHttp(request.url, { email: ACCOUNTS.student }, jar)];
}

/** The authorization_code token request of the table, `changes` applied. */
function codeExchange(request: Started, redirect: URL, changes: Record<string, string> = {}) {
  return postForm(`${origin}/api/oauth/token`, {
    grant_type: 'authorization_code',
    code: redirect.searchParams.get('code')!,
    redirect_uri: redirectUri,
    client_id: CLIENTS.memberApp,
    code_verifier: request.verifier,
    resource: origin,
    ...changes,
  });
}

beforeAll(async () => {
  config = await configureClient(origin, CLIENTS.memberApp, redirectUri, { token_endpoint_auth_method: 'none' });
  [started, callback] = await authorize(config, scope);
  // openid-client checks iss (RFC 9207), state, PKCE and the ID token's signature and nonce itself.
  tokens = await client.authorizationCodeGrant(config, callback, checksOf(started), { resource: origin });
});

describe('Endpoints › Authorization request and Token request (authorization_code)', () => {
  it('Endpoints › Authorization request: on approval the user agent is redirected to redirect_uri with code, state and iss (RFC 9207 2)', () => {
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(callback.searchParams.get('code')).toEqual(expect.any(String));
    expect(callback.searchParams.get('state')).toBe(started.state);
    expect(callback.searchParams.get('iss')).toBe(origin);
  });

  it('Endpoints › Token request: the code exchange returns id_token when openid was granted and discovery lists id_token_signing_alg_values_supported and jwks_uri', async () => {
    const discovery = (await (await fetch(`${origin}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(discovery.id_token_signing_alg_values_supported).toEqual(expect.any(Array));
    expect(discovery.jwks_uri).toEqual(expect.any(String));
    expect(tokens.scope?.split(' ')).toContain('openid');
    expect(tokens.id_token).toEqual(expect.any(String));
  });

  it('Endpoints › Token request: code_verifier must match the challenge (RFC 7636 4.6 invalid_grant)', async () => {
    const [request, redirect] = await authorize(config, 'openid account:read');
    const reply = await codeExchange(request, redirect, { code_verifier: client.randomPKCECodeVerifier() });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('invalid_grant');
  });

  it('Endpoints › Token request: redirect_uri must be the same as in the authorization request (RFC 6749 4.1.3 invalid_grant)', async () => {
    const [request, redirect] = await authorize(config, 'openid account:read');
    const reply = await codeExchange(request, redirect, { redirect_uri: 'http://127.0.0.1:43905/callback' });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('invalid_grant');
  });

  it('Endpoints › Token request: client_secret of a confidential client is sent in the body (client_secret_post)', async () => {
    const confidential = await configureClient(
      origin,
      CLIENTS.confidentialMemberApp,
      redirectUri,
      {},
      client.ClientSecretPost(CLIENTS.confidentialSecret),
    );
    const [request, redirect] = await authorize(confidential, 'openid account:read');
    const reply = await codeExchange(request, redirect, {
      client_id: CLIENTS.confidentialMemberApp,
      client_secret: CLIENTS.confidentialSecret,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.access_token).toEqual(expect.any(String));
  });
});

describe('Authentication 7: the ID token', () => {
  let jwksUri: string;
  let header: jose.ProtectedHeaderParameters;
  let claims: jose.JWTPayload;
  beforeAll(async () => {
    jwksUri = ((await (await fetch(`${origin}/.well-known/openid-configuration`)).json()) as { jwks_uri: string })
      .jwks_uri;
    ({ protectedHeader: header, payload: claims } = await jose.jwtVerify(
      tokens.id_token!,
      jose.createRemoteJWKSet(new URL(jwksUri)),
    ));
  });

  it('Authentication 7: signed ES256, with a signature valid against the key named by kid at jwks_uri', async () => {
    expect(header.alg).toBe('ES256');
    const { keys } = (await (await fetch(jwksUri)).json()) as { keys: jose.JWK[] };
    const named = keys.find((key) => key.kid === header.kid);
    expect(named, `no key ${header.kid} at ${jwksUri}`).toBeDefined();
    await expect(jose.jwtVerify(tokens.id_token!, await jose.importJWK(named!, 'ES256'))).resolves.toBeDefined();
  });

  it('Authentication 7: iss equals the service origin, aud the client_id, nonce the value sent', () => {
    expect(claims.iss).toBe(origin);
    expect([claims.aud].flat()).toEqual([CLIENTS.memberApp]);
    expect(claims.nonce).toBe(started.nonce);
  });

  it('Authentication 7 and Limits: exp is in the future, 10 minutes after issue', () => {
    expect(claims.exp! * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp! - claims.iat!).toBe(600);
  });

  it('Authentication 7 and Endpoints › UserInfo: GET with a Bearer token returns sub, email, name, org_id, roles, equal to the ID token', async () => {
    const reply = await getUserInfo(origin, tokens.access_token);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    for (const claim of CLAIMS) {
      expect(reply.body).toHaveProperty(claim);
      expect(claims[claim], claim).toEqual(reply.body[claim]);
    }
    expect(reply.body.email).toBe(ACCOUNTS.student);
  });
});

describe('Member data API and MCP with the member token', () => {
  it("Member data API: the viewer query of Resources and their fields answers 200 with the member's data", async () => {
    const reply = await postGraphQL(origin, VIEWER_QUERY, tokens.access_token);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.errors).toBeUndefined();
    const viewer = reply.body.data.viewer;
    const userinfo = await getUserInfo(origin, tokens.access_token);
    expect(viewer.id).toBe(userinfo.body.sub);
    expect(viewer.email).toBe(ACCOUNTS.student);
    const nodes = viewer.enrolledCourses.nodes as Array<Record<string, any>>;
    expect(nodes.length).toBeGreaterThan(0);
    for (const node of nodes) {
      expect(Object.keys(node).sort()).toEqual(['expireDate', 'hasLifetimeAccess', 'lastWatchedLecture', 'slug']);
      expect(typeof node.slug).toBe('string');
      expect(typeof node.hasLifetimeAccess).toBe('boolean');
    }
    // The demo member has a course with an end of access and one with a last watched lecture.
    expect(nodes.some((node) => typeof node.expireDate === 'string')).toBe(true);
    expect(nodes.find((node) => node.lastWatchedLecture !== null)?.lastWatchedLecture).toEqual({
      lectureId: expect.any(String),
      positionSeconds: expect.any(Number),
    });
  });

  it('Authentication 6 and MCP: the same token works at /mcp, where it reaches more than the anonymous public tools', async () => {
    const member = await connect(origin, tokens.access_token);
    const anonymous = await connect(origin);
    try {
      const names = async (session: typeof member) => (await session.listTools()).tools.map((tool) => tool.name);
      const [withToken, without] = await Promise.all([names(member), names(anonymous)]);
      expect(withToken).toEqual(expect.arrayContaining(without));
      expect(withToken.length).toBeGreaterThan(without.length);
    } finally {
      await Promise.all([member.close(), anonymous.close()]);
    }
  });

  it('Errors: a valid token lacking account:read is 403 insufficient_scope at /account/graphql, with WWW-Authenticate', async () => {
    const [request, redirect] = await authorize(config, 'openid');
    const exchanged = await codeExchange(request, redirect);
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    const reply = await postGraphQL(origin, VIEWER_QUERY, exchanged.body.access_token as string);
    expect(reply.status).toBe(403);
    const challenge = reply.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain(resourceMetadataOf(origin));
  });
});

describe('Authentication 6, refresh and revocation', () => {
  it('Authentication 6: the binding to the origin is reported by standard introspection (RFC 7662 2.2; RFC 8707)', async () => {
    const introspection = await client.tokenIntrospection(config, tokens.access_token);
    expect(introspection.active).toBe(true);
    expect([introspection.aud].flat()).toContain(origin);
  });

  let refreshed: Record<string, any>;
  it('Endpoints › Token request: the refresh grant issues a new access token without user interaction; its response carries no id_token', async () => {
    const reply = await postForm(`${origin}/api/oauth/token`, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
      client_id: CLIENTS.memberApp,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    refreshed = reply.body;
    expect(refreshed.access_token).toEqual(expect.any(String));
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed).not.toHaveProperty('id_token');
    expect((await postGraphQL(origin, VIEWER_QUERY, refreshed.access_token as string)).status).toBe(200);
  });

  it('Endpoints › Revocation (RFC 7009 2.1): a POST form with token and client_id ends the refresh token', async () => {
    const refreshToken = (refreshed.refresh_token as string | undefined) ?? tokens.refresh_token!;
    const reply = await postForm(`${origin}/api/oauth/revoke`, { token: refreshToken, client_id: CLIENTS.memberApp });
    expect(reply.status).toBe(200);
    const again = await postForm(`${origin}/api/oauth/token`, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: CLIENTS.memberApp,
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
  });
});
