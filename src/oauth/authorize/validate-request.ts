// Validates an authorization request in the order RFC 6749 4.1.2.1 requires: first the client and
// its redirect URI (errors before both are verified are shown to the user, never redirected, so
// the endpoint is no open redirector), then everything else (errors go back to the client).
// node-oidc-provider's lib/actions/authorization/index.js takes the same shape.
import type { Site } from '../../services/sites.ts';
import { resolveClient } from '../clients/resolve-client.ts';
import type { MetadataDocumentDeps } from '../clients/metadata-document-client.ts';
import type { Client } from '../clients/client.ts';
import { InvalidRequest, InvalidScope, InvalidTarget, TooManyRequests, UnauthorizedClient, UnsupportedResponseType, UnverifiedClientError } from '../errors.ts';
import { isValidCodeChallenge } from '../pkce.ts';
import { matchRedirectUri } from '../redirect-uri.ts';
import { resolveResourceParameter } from '../resource.ts';
import { isReadOrIdentityScope, parseScope, scopeAllowedForAudience, scopeInfo } from '../scopes.ts';
import { single, type AuthorizationParams, type AuthorizationRequest } from './request.ts';

/** Step 1 and 2: client and redirect URI. Throws UnverifiedClientError (an HTML page). */
export async function verifyClientAndRedirect(deps: MetadataDocumentDeps, site: Site, params: AuthorizationParams): Promise<{ client: Client; redirectUri: string }> {
  const clientId = single(params.client_id);
  if (!clientId) throw new UnverifiedClientError('invalid_request', 'The request has no client_id (or more than one).');
  const lookup = await resolveClient(deps, site, clientId);
  // /auth.md "Rate limits": a metadata-document host over its fetch limit is a 429 page (the client is unverified).
  if (!lookup.ok && lookup.rateLimited) throw new TooManyRequests(lookup.reason, lookup.rateLimited.retryAfterSeconds, lookup.rateLimited.limitHeaders);
  if (!lookup.ok) throw new UnverifiedClientError('invalid_client', lookup.reason);
  const redirectParam = single(params.redirect_uri);
  if (!redirectParam) throw new UnverifiedClientError('invalid_request', 'The request has no redirect_uri (or more than one).');
  const registered = matchRedirectUri(lookup.client.redirectUris, redirectParam);
  if (!registered) throw new UnverifiedClientError('invalid_request', 'The redirect_uri is not registered for this client.');
  // Redirect to exactly what was requested: for loopback that includes the port the app chose.
  return { client: lookup.client, redirectUri: redirectParam };
}

function parsePrompt(value: string | undefined): Set<'none' | 'login' | 'consent'> {
  const values = new Set((value ?? '').split(' ').filter(Boolean));
  for (const v of values) if (v !== 'none' && v !== 'login' && v !== 'consent' && v !== 'select_account') throw new InvalidRequest(`Unsupported prompt value ${JSON.stringify(v)}.`);
  // OIDC Core 3.1.2.1: none with any other value is an error.
  if (values.has('none') && values.size > 1) throw new InvalidRequest('prompt=none cannot be combined with other values.');
  return values as Set<'none' | 'login' | 'consent'>;
}

function checkScopes(site: Site, client: Client, raw: string | undefined): string[] {
  const scopes = parseScope(raw);
  if (scopes.length === 0) throw new InvalidScope('The scope parameter is required.');
  for (const name of scopes) {
    if (!scopeInfo(name)) throw new InvalidScope(`Unknown scope ${JSON.stringify(name)}.`);
    // /auth.md "2. Get a client": account:* belongs to member applications only, and member
    // applications hold identity and account scopes only.
    if (!scopeAllowedForAudience(name, client.audience)) throw new InvalidScope(`The scope ${name} is not available to this client.`);
    if (client.allowedScopes.length > 0 && !client.allowedScopes.includes(name)) throw new InvalidScope(`The scope ${name} was not granted to this client by the school.`);
    // /auth.md "2. Get a client": unreviewed metadata-document clients get read and identity scopes only.
    if (client.kind === 'metadata_document' && client.reviewStatus !== 'approved' && !isReadOrIdentityScope(name)) {
      throw new InvalidScope(`The scope ${name} needs the school to review this client first; request read scopes only.`);
    }
  }
  void site;
  return scopes;
}

/** Steps 3 and later: every error from here on is redirected to the client. */
export function validateRest(site: Site, client: Client, redirectUri: string, params: AuthorizationParams): AuthorizationRequest {
  const state = single(params.state);
  if (state === null) throw new InvalidRequest('state was sent more than once.');
  const responseType = single(params.response_type);
  if (responseType !== 'code') throw new UnsupportedResponseType('Only response_type=code is supported.');
  // RFC 7636 4.4.1 and RFC 9700 2.1.1: PKCE is required, S256 only.
  const challenge = single(params.code_challenge);
  if (!challenge) throw new InvalidRequest('code_challenge is required (PKCE with S256).');
  if (single(params.code_challenge_method) !== 'S256') throw new InvalidRequest('code_challenge_method must be S256.');
  if (!isValidCodeChallenge(challenge)) throw new InvalidRequest('code_challenge must be 43 characters of base64url (the SHA-256 of the verifier).');
  const scopes = checkScopes(site, client, single(params.scope) ?? undefined);
  const resource = resolveResourceParameter(site.origin, params.resource);
  if (!resource.ok) throw new InvalidTarget(resource.reason);
  // RFC 8707, /auth.md "3. Authorize": `resource` is required in the member flow; operator flows default to the origin.
  if (resource.audience === undefined && client.audience === 'member') throw new InvalidTarget(`resource is required for this client; send resource=${site.origin}.`);
  // /auth.md "2. Get a client": member applications work only while the school has MCP connections enabled.
  if (client.audience === 'member' && !site.betaFeatures.mcp_connections) throw new UnauthorizedClient('This school has not enabled MCP connections, so member applications cannot be authorized.');
  if (!client.grantTypes.includes('authorization_code')) throw new UnauthorizedClient('This client may not use the authorization code grant.');
  const maxAgeRaw = single(params.max_age);
  if (maxAgeRaw !== undefined && maxAgeRaw !== null && !/^\d{1,9}$/.test(maxAgeRaw)) throw new InvalidRequest('max_age must be a non-negative integer.');
  const nonce = single(params.nonce);
  if (nonce === null) throw new InvalidRequest('nonce was sent more than once.');
  return {
    client,
    redirectUri,
    scopes,
    resource: resource.audience ?? site.origin,
    codeChallenge: challenge,
    state,
    nonce,
    prompt: parsePrompt(single(params.prompt) ?? undefined),
    maxAgeSeconds: maxAgeRaw ? Number(maxAgeRaw) : undefined,
    loginHint: single(params.login_hint) ?? undefined,
  };
}
