// Validates an authorization request in the order RFC 6749 4.1.2.1 requires: first the client and
// its redirect URI (errors before both are verified are shown to the user, never redirected, so
// the endpoint is no open redirector), then everything else (errors go back to the client).
// node-oidc-provider's lib/actions/authorization/index.js takes the same shape.
import type { Site } from '../../school/sites.ts';
import { resolveClient } from '../clients/resolve-client.ts';
import type { MetadataDocumentDeps } from '../clients/metadata-document-client.ts';
import type { Client } from '../clients/client.ts';
import {
  InvalidRequest,
  InvalidTarget,
  TooManyRequests,
  UnauthorizedClient,
  UnsupportedResponseType,
  UnverifiedClientError,
} from '../errors.ts';
import { isValidCodeChallenge } from '../pkce.ts';
import { matchRedirectUri } from '../redirect-uri.ts';
import { resolveResourceParameter } from '../resource.ts';
import { scopesForRequest } from '../scope-request.ts';
import { parseScope } from '../scopes.ts';
import { single, type AuthorizationParams, type AuthorizationRequest } from './request.ts';

/** Step 1 and 2: client and redirect URI. Throws UnverifiedClientError (an HTML page). */
export async function verifyClientAndRedirect(
  deps: MetadataDocumentDeps,
  site: Site,
  params: AuthorizationParams,
): Promise<{ client: Client; redirectUri: string }> {
  const clientId = single(params.client_id);
  if (!clientId) throw new UnverifiedClientError('invalid_request', 'The request has no client_id (or more than one).');
  const lookup = await resolveClient(deps, site, clientId);
  // /auth.md "Rate limits": a metadata-document host over its fetch limit is a 429 page (the client is unverified).
  if (!lookup.ok && lookup.rateLimited)
    throw new TooManyRequests(lookup.reason, lookup.rateLimited.retryAfterSeconds, lookup.rateLimited.limitHeaders);
  if (!lookup.ok) throw new UnverifiedClientError('invalid_client', lookup.reason);
  const redirectParam = single(params.redirect_uri);
  if (!redirectParam)
    throw new UnverifiedClientError('invalid_request', 'The request has no redirect_uri (or more than one).');
  const registered = matchRedirectUri(lookup.client.redirectUris, redirectParam);
  if (!registered)
    throw new UnverifiedClientError('invalid_request', 'The redirect_uri is not registered for this client.');
  // Redirect to exactly what was requested: for loopback that includes the port the app chose.
  return { client: lookup.client, redirectUri: redirectParam };
}

/** The input of every step after the redirect URI is verified. */
type Verified = { site: Site; client: Client; params: AuthorizationParams };

/** RFC 6749 4.1.1 and 3.1: `state` comes back unchanged, so it may be sent once at most. */
function checkState({ params }: Verified): string | undefined {
  const state = single(params.state);
  if (state === null) throw new InvalidRequest('state was sent more than once.');
  return state;
}

/** RFC 6749 4.1.2.1: a response type other than `code` is unsupported_response_type. */
function checkResponseType({ params }: Verified): void {
  if (single(params.response_type) !== 'code')
    throw new UnsupportedResponseType('Only response_type=code is supported.');
}

/** RFC 7636 4.4.1, and the OpenAPI document's authorize operation (PKCE S256 only): a challenge is required, S256 only. */
function checkPkce({ params }: Verified): string {
  const challenge = single(params.code_challenge);
  if (!challenge) throw new InvalidRequest('code_challenge is required (PKCE with S256).');
  if (single(params.code_challenge_method) !== 'S256') throw new InvalidRequest('code_challenge_method must be S256.');
  if (!isValidCodeChallenge(challenge))
    throw new InvalidRequest('code_challenge must be 43 characters of base64url (the SHA-256 of the verifier).');
  return challenge;
}

/** RFC 6749 3.3: what the request obtains for this client (scope-request.ts), else invalid_scope. */
function checkScopes({ client, params }: Verified): string[] {
  return scopesForRequest(client, parseScope(single(params.scope) ?? undefined));
}

/**
 * RFC 8707 2: the resource must be this school (invalid_target otherwise). OpenAPI document, authorize
 * `resource`: required for member clients; operator clients default to the origin.
 */
function checkResource({ site, client, params }: Verified): string {
  const resource = resolveResourceParameter(site.origin, params.resource);
  if (!resource.ok) throw new InvalidTarget(resource.reason);
  if (resource.audience === undefined && client.audience === 'member')
    throw new InvalidTarget(`resource is required for this client; send resource=${site.origin}.`);
  return resource.audience ?? site.origin;
}

/**
 * RFC 6749 4.1.2.1 unauthorized_client: OpenAPI document, School `beta_features.mcp_connections`
 * (member applications only while it is on), and the client's registered grant types (RFC 7591 2).
 */
function checkClientMayAuthorize({ site, client }: Verified): void {
  if (client.audience === 'member' && !site.betaFeatures.mcp_connections)
    throw new UnauthorizedClient(
      'This school has not enabled MCP connections, so member applications cannot be authorized.',
    );
  if (!client.grantTypes.includes('authorization_code'))
    throw new UnauthorizedClient('This client may not use the authorization code grant.');
}

/** OIDC Core 3.1.2.1: max_age is a non-negative number of seconds. */
function checkMaxAge({ params }: Verified): number | undefined {
  const maxAgeRaw = single(params.max_age);
  if (maxAgeRaw !== undefined && maxAgeRaw !== null && !/^\d{1,9}$/.test(maxAgeRaw))
    throw new InvalidRequest('max_age must be a non-negative integer.');
  return maxAgeRaw ? Number(maxAgeRaw) : undefined;
}

/** OIDC Core 3.1.2.1: the nonce is echoed in the ID token, so it may be sent once at most (RFC 6749 3.1). */
function checkNonce({ params }: Verified): string | undefined {
  const nonce = single(params.nonce);
  if (nonce === null) throw new InvalidRequest('nonce was sent more than once.');
  return nonce;
}

/** OIDC Core 3.1.2.1: known prompt values only, and `none` with any other value is an error. */
function checkPrompt({ params }: Verified): Set<'none' | 'login' | 'consent'> {
  const values = new Set((single(params.prompt) ?? '').split(' ').filter(Boolean));
  for (const v of values)
    if (v !== 'none' && v !== 'login' && v !== 'consent' && v !== 'select_account')
      throw new InvalidRequest(`Unsupported prompt value ${JSON.stringify(v)}.`);
  if (values.has('none') && values.size > 1)
    throw new InvalidRequest('prompt=none cannot be combined with other values.');
  return values as Set<'none' | 'login' | 'consent'>;
}

/**
 * Steps 3 and later, in this order (the first failing step is the error the client receives); every
 * error from here on is redirected to the client (RFC 6749 4.1.2.1).
 */
export function validateRest(
  site: Site,
  client: Client,
  redirectUri: string,
  params: AuthorizationParams,
): AuthorizationRequest {
  const verified: Verified = { site, client, params };
  const state = checkState(verified);
  checkResponseType(verified);
  const codeChallenge = checkPkce(verified);
  const scopes = checkScopes(verified);
  const resource = checkResource(verified);
  checkClientMayAuthorize(verified);
  const maxAgeSeconds = checkMaxAge(verified);
  const nonce = checkNonce(verified);
  const prompt = checkPrompt(verified);
  // OIDC Core 3.1.2.1: login_hint only prefills the sign-in page; a repeated one is ignored.
  const loginHint = single(params.login_hint) ?? undefined;
  return { client, redirectUri, scopes, resource, codeChallenge, state, nonce, prompt, maxAgeSeconds, loginHint };
}
