// The discovery documents of a school, built from the school's origin and settings alone, so each
// is computed once per (origin, setting) and served from memory (fetched before every flow).
// The authorization server metadata is the source of truth: the other documents and /auth.md
// derive from the same constants here.
import type { Site } from '../school/sites.ts';
import { ALL_SCOPE_NAMES, IDENTITY_SCOPES, OPERATOR_SCOPES, SCOPES } from './scopes.ts';

export const CLIENT_AUTH_METHODS = ['none', 'client_secret_post', 'client_secret_basic'] as const;
export const CLAIMS_SUPPORTED = ['sub', 'email', 'email_verified', 'name', 'org_id', 'roles'] as const;
export const ID_TOKEN_ALGS = ['ES256', 'RS256'] as const;

export function endpoints(origin: string) {
  return {
    issuer: origin,
    authorization_endpoint: `${origin}/oauth/authorize`,
    token_endpoint: `${origin}/api/oauth/token`,
    userinfo_endpoint: `${origin}/api/oauth/userinfo`,
    revocation_endpoint: `${origin}/api/oauth/revoke`,
    introspection_endpoint: `${origin}/api/oauth/introspect`,
    registration_endpoint: `${origin}/api/oauth/register`,
    // RP-Initiated Logout 1.0 2.1 (/auth.md "Signing out").
    end_session_endpoint: `${origin}/oauth/logout`,
    jwks_uri: `${origin}/.well-known/jwks.json`,
  };
}

export function authorizationServerMetadata(site: Site) {
  const { jwks_uri: _jwks, ...urls } = endpoints(site.origin);
  return {
    ...urls,
    // RFC 8414 2: jwks_uri is published with the keys, whether or not ID tokens are signed yet.
    jwks_uri: endpoints(site.origin).jwks_uri,
    scopes_supported: [...ALL_SCOPE_NAMES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS],
    revocation_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS],
    introspection_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
    prompt_values_supported: ['none', 'login', 'consent'],
    service_documentation: `${site.origin}/auth.md`,
    // The source of truth agrees with OpenID discovery: listed only while ID tokens are signed.
    ...(site.idTokenSigningEnabled ? { id_token_signing_alg_values_supported: [...ID_TOKEN_ALGS] } : {}),
  };
}

export function openIdConfiguration(site: Site) {
  const { jwks_uri, id_token_signing_alg_values_supported: _algs, ...base } = authorizationServerMetadata(site);
  return {
    ...base,
    subject_types_supported: ['public'],
    claims_supported: [...CLAIMS_SUPPORTED],
    // Back-Channel Logout 1.0 2.1: logout tokens go to registered backchannel_logout_uris, and carry sid.
    backchannel_logout_supported: true,
    backchannel_logout_session_supported: true,
    // /auth.md "Identity": these two appear only while the school signs ID tokens, so a
    // client that sees them can rely on an id_token; otherwise it falls back to UserInfo.
    ...(site.idTokenSigningEnabled ? { id_token_signing_alg_values_supported: [...ID_TOKEN_ALGS], jwks_uri } : {}),
  };
}

/** RFC 9728 2. `path` is '' for the origin's document, or '/mcp', '/account/graphql'. */
export function protectedResourceMetadata(site: Site, path: '' | '/mcp' | '/account/graphql') {
  const member = path === '/account/graphql';
  // The origin's and /mcp's documents list what a self-registered agent can be granted; MCP
  // clients request all of them when no challenge names a scope, so account:* stays out (a
  // registered client asking for it is invalid_scope), and a member application asking for them
  // receives its account scopes (scope-request.ts).
  const scopes = member
    ? SCOPES.filter((s) => s.audience !== 'operator').map((s) => s.name)
    : [...IDENTITY_SCOPES, ...OPERATOR_SCOPES];
  return {
    resource: `${site.origin}${path}`,
    resource_name: `${site.name}${path === '/mcp' ? ' (MCP)' : member ? ' (member data API)' : ''}`,
    authorization_servers: [site.origin],
    scopes_supported: scopes,
    bearer_methods_supported: ['header'],
    resource_documentation: `${site.origin}/auth.md`,
  };
}

export function protectedResourceMetadataUrl(origin: string): string {
  return `${origin}/.well-known/oauth-protected-resource`;
}
