// Discovery as clients read it: RFC 8414 authorization server metadata, OpenID Connect Discovery,
// RFC 9728 protected resource metadata (origin and path-specific), the JWK set, and CORS for
// browser-based clients. Each school is its own issuer, so both demo schools are checked.
import * as oauth from 'oauth4webapi';
import { describe, expect, inject, it } from 'vitest';
import { insecure } from '../support/oauth-flow.ts';
import { SCOPES_TABLE } from '../seed/words.ts';

const primary = inject('primaryOrigin');
const secondary = inject('secondaryOrigin');
// A deployment without a second school (CONTRACT_BASE_URL, contract-tests/README.md) checks one.
const schools = (
  [
    ['Demo Academy', primary],
    ['Second School', secondary],
  ] as const
).filter(([, origin]) => origin);

// The scopes of /auth.md "Scopes", in full: the specification's table and the service's own additions.
const SEED_SCOPES = [...SCOPES_TABLE, 'orders:write', 'webhooks:read', 'webhooks:write', 'auth_events:read'];
const AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none'];
const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k', 'oth'];

async function getJson(url: string): Promise<Record<string, any>> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return response.json();
}

const sorted = (value: unknown) => [...(value as string[])].sort();

function endpointsOf(origin: string) {
  return {
    issuer: origin,
    authorization_endpoint: `${origin}/oauth/authorize`,
    token_endpoint: `${origin}/api/oauth/token`,
    registration_endpoint: `${origin}/api/oauth/register`,
    revocation_endpoint: `${origin}/api/oauth/revoke`,
    introspection_endpoint: `${origin}/api/oauth/introspect`,
    userinfo_endpoint: `${origin}/api/oauth/userinfo`,
    end_session_endpoint: `${origin}/oauth/logout`,
  };
}

describe.each(schools)('%s: authorization server metadata (RFC 8414)', (_school, origin) => {
  it('names the origin as issuer and lists its endpoints (RFC 8414 2, 3.3)', async () => {
    const metadata = await getJson(`${origin}/.well-known/oauth-authorization-server`);
    expect(metadata).toMatchObject(endpointsOf(origin));
    // oauth4webapi checks that the issuer is byte-identical to the discovery URL's origin.
    const as = await oauth.processDiscoveryResponse(
      new URL(origin),
      await oauth.discoveryRequest(new URL(origin), { algorithm: 'oauth2', ...insecure }),
    );
    expect(as.issuer).toBe(origin);
  });

  it('lists every scope of /auth.md, code flow with S256 PKCE and the client auth methods (RFC 8414 2)', async () => {
    const metadata = await getJson(`${origin}/.well-known/oauth-authorization-server`);
    expect(sorted(metadata.scopes_supported)).toEqual(sorted(SEED_SCOPES));
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(sorted(metadata.grant_types_supported)).toEqual(['authorization_code', 'refresh_token']);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    for (const field of [
      'token_endpoint_auth_methods_supported',
      'revocation_endpoint_auth_methods_supported',
      'introspection_endpoint_auth_methods_supported',
    ]) {
      expect(sorted(metadata[field]), field).toEqual(AUTH_METHODS);
    }
    expect(metadata.authorization_response_iss_parameter_supported).toBe(true);
    expect(metadata.client_id_metadata_document_supported).toBe(true);
    expect(metadata.service_documentation).toBe(`${origin}/auth.md`);
  });
});

describe.each(schools)('%s: OpenID Connect Discovery 1.0', (_school, origin) => {
  it('repeats the issuer and endpoints of RFC 8414 metadata and lists subject types and claims (OIDC Discovery 3)', async () => {
    const [oidc, metadata] = await Promise.all([
      getJson(`${origin}/.well-known/openid-configuration`),
      getJson(`${origin}/.well-known/oauth-authorization-server`),
    ]);
    expect(oidc).toMatchObject(endpointsOf(origin));
    for (const key of Object.keys(endpointsOf(origin))) expect(oidc[key], key).toBe(metadata[key]);
    expect(oidc.subject_types_supported).toEqual(expect.arrayContaining(['public']));
    expect(sorted(oidc.claims_supported)).toEqual(
      sorted(['sub', 'email', 'email_verified', 'name', 'org_id', 'roles']),
    );
    expect(oidc.response_types_supported).toEqual(['code']);
  });
});

describe('ID token signing is advertised only by the school that signs (OIDC Discovery 3; /auth.md "Identity")', () => {
  it('Demo Academy lists id_token_signing_alg_values_supported and jwks_uri (OIDC Discovery 3)', async () => {
    const oidc = await getJson(`${primary}/.well-known/openid-configuration`);
    expect(oidc.id_token_signing_alg_values_supported).toEqual(['ES256', 'RS256']);
    expect(oidc.jwks_uri).toBe(`${primary}/.well-known/jwks.json`);
  });

  it.runIf(secondary)('Second School lists neither, so clients fall back to UserInfo', async () => {
    const oidc = await getJson(`${secondary}/.well-known/openid-configuration`);
    expect(oidc).not.toHaveProperty('id_token_signing_alg_values_supported');
    expect(oidc).not.toHaveProperty('jwks_uri');
  });

  it('the JWK set publishes public signing keys only, each with kid, alg and use=sig (RFC 7517 4, RFC 7518 6)', async () => {
    const jwks = await getJson(`${primary}/.well-known/jwks.json`);
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({
        kid: expect.any(String),
        alg: expect.stringMatching(/^(ES256|RS256)$/),
        use: 'sig',
        kty: expect.stringMatching(/^(EC|RSA)$/),
      });
      for (const member of PRIVATE_JWK_MEMBERS) expect(key, `${key.kid} exposes ${member}`).not.toHaveProperty(member);
    }
    expect(new Set(jwks.keys.map((k: { kid: string }) => k.kid)).size).toBe(jwks.keys.length);
    expect(jwks.keys.map((k: { alg: string }) => k.alg)).toContain('ES256');
  });
});

describe.each(schools)('%s: protected resource metadata (RFC 9728)', (_school, origin) => {
  it('binds the origin as resource to this issuer, byte-identical, without account:* scopes (RFC 9728 2, 3.3)', async () => {
    const [prm, metadata] = await Promise.all([
      getJson(`${origin}/.well-known/oauth-protected-resource`),
      getJson(`${origin}/.well-known/oauth-authorization-server`),
    ]);
    expect(prm.resource).toBe(origin);
    expect(prm.authorization_servers).toEqual([metadata.issuer]);
    expect(prm.bearer_methods_supported).toEqual(['header']);
    expect(prm.resource_documentation).toEqual(expect.stringMatching(new RegExp(`^${origin.replace(/[.]/g, '\\.')}/`)));
    expect(prm.scopes_supported).toEqual(expect.arrayContaining(['openid', 'courses:read']));
    expect(prm.scopes_supported.filter((s: string) => s.startsWith('account:'))).toEqual([]);
    for (const scope of prm.scopes_supported) expect(metadata.scopes_supported).toContain(scope);
  });

  it('serves the path-specific document for /mcp with resource = that URL (RFC 9728 3.1)', async () => {
    const prm = await getJson(`${origin}/.well-known/oauth-protected-resource/mcp`);
    expect(prm.resource).toBe(`${origin}/mcp`);
    expect(prm.authorization_servers).toEqual([origin]);
    expect(prm.scopes_supported.filter((s: string) => s.startsWith('account:'))).toEqual([]);
  });

  it('serves the path-specific document for /account/graphql listing identity and account:* scopes (RFC 9728 3.1)', async () => {
    const prm = await getJson(`${origin}/.well-known/oauth-protected-resource/account/graphql`);
    expect(prm.resource).toBe(`${origin}/account/graphql`);
    expect(prm.authorization_servers).toEqual([origin]);
    expect(prm.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'account:read', 'account:write']),
    );
    expect(prm.scopes_supported).not.toContain('courses:read');
  });
});

describe('CORS for browser-based clients (Fetch standard)', () => {
  it.each([
    '/.well-known/oauth-authorization-server',
    '/.well-known/openid-configuration',
    '/.well-known/oauth-protected-resource',
    '/.well-known/oauth-protected-resource/mcp',
    '/api/oauth/token',
    '/api/oauth/register',
    '/api/oauth/revoke',
  ])('answers a preflight to %s with origin * and allows Authorization and MCP-Protocol-Version', async (path) => {
    const response = await fetch(`${primary}${path}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://agent.example',
        'access-control-request-method': path.startsWith('/api/') ? 'POST' : 'GET',
        'access-control-request-headers': 'authorization, mcp-protocol-version, content-type',
      },
    });
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/\s*,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'mcp-protocol-version']));
  });

  it('sends Access-Control-Allow-Origin * on the discovery document itself', async () => {
    const response = await fetch(`${primary}/.well-known/oauth-authorization-server`, {
      headers: { origin: 'https://agent.example' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
});
