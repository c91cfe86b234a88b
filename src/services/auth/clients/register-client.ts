// Client registration (RFC 7591) as /auth.md "2. Get a client" narrows it: not open registration for hosted
// web clients. A known vendor integration's name returns its client_id (the name alone is enough;
// metadata that contradicts the integration is refused, never silently rewritten); loopback
// redirect URIs (RFC 8252 7.3) create a new operator-audience native client; a fixed HTTPS
// callback needs a registered integration. account:* scopes are never registrable (/auth.md
// "2. Get a client"). Names and URLs shown to people obey display-metadata.ts.
import type { Db } from '../../../db/database.ts';
import { findVendorIntegrationByName, insertClient } from '../../../db/repositories/oauth-clients.ts';
import { hashSecret, randomSecret, TOKEN_PREFIX } from '../../../lib/secrets.ts';
import type { Site } from '../../school/sites.ts';
import {
  DisplayMetadataError,
  readDisplayMetadata,
  type DisplayMetadata,
} from '../client-metadata/display-metadata.ts';
import { InvalidClientMetadata, InvalidRedirectUri } from '../errors.ts';
import { allLoopback, isWellFormedRedirectUri } from '../redirect-uri.ts';
import { scopesForRequest } from '../scope-request.ts';
import { parseScope } from '../scopes.ts';
import { toClient, type Client } from './client.ts';
import {
  checkBackchannelLogoutUri,
  checkPostLogoutRedirectUris,
  LogoutMetadataError,
  type LogoutMetadata,
} from './logout-metadata.ts';

export type RegistrationRequest = {
  client_name?: string;
  application_type?: string;
  redirect_uris?: string[];
  token_endpoint_auth_method?: string;
  grant_types?: string[];
  response_types?: string[];
  scope?: string;
  client_uri?: string;
  logo_uri?: string;
  policy_uri?: string;
  tos_uri?: string;
  id_token_signed_response_alg?: string;
  post_logout_redirect_uris?: string[];
  backchannel_logout_uri?: string;
  backchannel_logout_session_required?: boolean;
};

/** What registration allows beyond the request: plain-http back-channel URIs in development (WEBHOOK_ALLOW_PRIVATE_ADDRESSES). */
export type RegistrationOptions = { allowHttpBackchannel: boolean };

export type Registration = { client: Client; clientSecret: string | undefined; created: boolean };

const GRANT_TYPES = ['authorization_code', 'refresh_token'];
const AUTH_METHODS = ['none', 'client_secret_post', 'client_secret_basic'] as const;

/** The scope rule (scope-request.ts) for the operator client registration creates: account:* is invalid_scope. */
function checkScopes(raw: string | undefined): string[] {
  const scopes = parseScope(raw);
  if (scopes.length === 0) return [];
  return scopesForRequest(
    { audience: 'operator', allowedScopes: [], kind: 'loopback', reviewStatus: 'approved' },
    scopes,
  );
}

function checkMetadata(request: RegistrationRequest) {
  const grantTypes = request.grant_types ?? GRANT_TYPES;
  if (
    grantTypes.length === 0 ||
    grantTypes.some((g) => !GRANT_TYPES.includes(g)) ||
    !grantTypes.includes('authorization_code')
  ) {
    throw new InvalidClientMetadata('grant_types may hold authorization_code and refresh_token only.');
  }
  const responseTypes = request.response_types ?? ['code'];
  if (responseTypes.some((r) => r !== 'code')) throw new InvalidClientMetadata('response_types may hold code only.');
  const method = request.token_endpoint_auth_method ?? 'none';
  if (!(AUTH_METHODS as readonly string[]).includes(method))
    throw new InvalidClientMetadata(`token_endpoint_auth_method must be one of ${AUTH_METHODS.join(', ')}.`);
  const alg = request.id_token_signed_response_alg ?? 'ES256';
  if (alg !== 'ES256' && alg !== 'RS256')
    throw new InvalidClientMetadata('id_token_signed_response_alg must be ES256 or RS256.');
  if (
    request.application_type !== undefined &&
    request.application_type !== 'native' &&
    request.application_type !== 'web'
  ) {
    throw new InvalidClientMetadata('application_type must be native or web.');
  }
  return {
    grantTypes: [...new Set(grantTypes)],
    method: method as (typeof AUTH_METHODS)[number],
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- narrowed above; the literal widens it
    alg: alg as 'ES256' | 'RS256',
  };
}

/** RFC 7591 3.2.2: a name or URL that breaks the display rule is invalid_client_metadata. */
function checkDisplayMetadata(request: RegistrationRequest): DisplayMetadata {
  const fields = request as Record<string, unknown>;
  try {
    return readDisplayMetadata((name) => (Object.hasOwn(fields, name) ? fields[name] : undefined), Object.keys(fields));
  } catch (error) {
    if (error instanceof DisplayMetadataError) throw new InvalidClientMetadata(`${error.message}.`);
    throw error;
  }
}

/**
 * /auth.md "2. Get a client": the integration's own metadata is authoritative. A request may
 * leave redirect_uris and token_endpoint_auth_method out; when it names them they must be the
 * integration's (RFC 7591 3.2.2: refused, not rewritten behind the client's back).
 */
function checkMatchesVendor(vendor: Client, request: RegistrationRequest): void {
  const asked = request.redirect_uris;
  if (asked !== undefined) {
    const registered = new Set(vendor.redirectUris);
    const same = new Set(asked).size === registered.size && asked.every((uri) => registered.has(uri));
    if (!same)
      throw new InvalidRedirectUri(
        `redirect_uris differ from those registered for the integration ${JSON.stringify(vendor.name)}; leave them out or send exactly ${JSON.stringify(vendor.redirectUris)}.`,
      );
  }
  const method = request.token_endpoint_auth_method;
  if (method !== undefined && method !== vendor.authMethod) {
    throw new InvalidClientMetadata(
      `token_endpoint_auth_method ${JSON.stringify(method)} differs from the integration's ${vendor.authMethod}.`,
    );
  }
}

/** RFC 7591 3.2.2: logout metadata that breaks its rule (logout-metadata.ts) is invalid_client_metadata. */
function checkLogoutMetadata(request: RegistrationRequest, options: RegistrationOptions): LogoutMetadata {
  try {
    return {
      // Like the redirect URIs registration accepts: loopback only (a client on the person's computer).
      postLogoutRedirectUris: checkPostLogoutRedirectUris(request.post_logout_redirect_uris ?? [], {
        loopbackOnly: true,
      }),
      backchannelLogoutUri: checkBackchannelLogoutUri(request.backchannel_logout_uri ?? null, {
        allowHttp: options.allowHttpBackchannel,
      }),
      backchannelLogoutSessionRequired: request.backchannel_logout_session_required === true,
    };
  } catch (error) {
    if (error instanceof LogoutMetadataError) throw new InvalidClientMetadata(error.message);
    throw error;
  }
}

export async function registerClient(
  db: Db,
  site: Site,
  request: RegistrationRequest,
  options: RegistrationOptions = { allowHttpBackchannel: false },
): Promise<Registration> {
  const display = checkDisplayMetadata(request);
  const scopes = checkScopes(request.scope);
  if (display.client_name !== undefined) {
    const vendor = await findVendorIntegrationByName(db, display.client_name);
    if (vendor) {
      const client = toClient(vendor);
      checkMatchesVendor(client, request);
      return { client, clientSecret: undefined, created: false };
    }
  }
  const redirectUris = request.redirect_uris ?? [];
  if (redirectUris.length === 0) {
    // /auth.md "2. Get a client": an unrecognized vendor name is invalid_client_metadata.
    if (display.client_name !== undefined)
      throw new InvalidClientMetadata(
        `${JSON.stringify(display.client_name)} is not a known integration; a new client needs loopback redirect_uris.`,
      );
    throw new InvalidRedirectUri('redirect_uris must name at least one redirect URI.');
  }
  for (const uri of redirectUris)
    if (!isWellFormedRedirectUri(uri))
      throw new InvalidRedirectUri(
        `${JSON.stringify(uri)} is not an absolute http(s) URI without fragment or credentials.`,
      );
  if (!allLoopback(redirectUris)) {
    if (display.client_name !== undefined)
      throw new InvalidClientMetadata(
        `${JSON.stringify(display.client_name)} is not a known integration; fixed HTTPS callbacks are for registered integrations only.`,
      );
    throw new InvalidRedirectUri(
      'Only loopback redirect URIs (http://127.0.0.1:<port>/<path>) can be registered here; a fixed callback needs a registered integration.',
    );
  }

  const { grantTypes, method, alg } = checkMetadata(request);
  const logout = checkLogoutMetadata(request, options);
  const clientSecret = method === 'none' ? undefined : randomSecret(TOKEN_PREFIX.clientSecret);
  const row = await insertClient(db, {
    client_id: `loopback-${randomSecret('c').slice(2, 26)}`,
    site_id: site.id,
    kind: 'loopback',
    audience: 'operator',
    name: display.client_name ?? 'Application on your computer',
    redirect_uris: redirectUris,
    grant_types: grantTypes,
    token_endpoint_auth_method: method,
    client_secret_hash: clientSecret ? hashSecret(clientSecret) : null,
    application_type: 'native',
    allowed_scopes: scopes,
    id_token_signed_response_alg: alg,
    // policy_uri and tos_uri are checked above but not kept: no page of this service shows them.
    client_uri: display.client_uri ?? null,
    logo_uri: display.logo_uri ?? null,
    post_logout_redirect_uris: logout.postLogoutRedirectUris,
    backchannel_logout_uri: logout.backchannelLogoutUri,
    backchannel_logout_session_required: logout.backchannelLogoutSessionRequired,
  });
  return { client: toClient(row), clientSecret, created: true };
}
