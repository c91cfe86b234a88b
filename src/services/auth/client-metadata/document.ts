// Validation of a fetched Client ID Metadata Document (CIMD draft, "Client ID Metadata
// Document"): an RFC 7591 2 client metadata object whose client_id is the URL it came from.
// Members this server does not use are ignored, as RFC 7591 2 asks.
import { isLoopbackRedirect } from './client-id-url.ts';
import { DisplayMetadataError, readDisplayMetadata } from './display-metadata.ts';

export type GrantType = 'authorization_code' | 'refresh_token';

export type ClientMetadata = {
  clientId: string;
  /** The document's client_name, or the client_id's host when it gives none. */
  clientName: string;
  clientUri?: string;
  logoUri?: string;
  redirectUris: string[];
  grantTypes: GrantType[];
  responseTypes: 'code'[];
  /** CIMD clients are public clients here; private_key_jwt is not supported (yet). */
  tokenEndpointAuthMethod: 'none';
  scope?: string;
  /** RP-Initiated Logout 1.0 3.1: same rule as redirect_uris; [] when absent. */
  postLogoutRedirectUris: string[];
  /** Back-Channel Logout 1.0 2.2: https on the client_id's own host; null when absent. */
  backchannelLogoutUri: string | null;
  backchannelLogoutSessionRequired: boolean;
};

export type DocumentResult = { ok: true; metadata: ClientMetadata } | { ok: false; reason: string };

const MAX_URI_LENGTH = 2048;
const MAX_SCOPE_LENGTH = 1000;
const MAX_REDIRECT_URIS = 20;
const GRANT_TYPES: readonly string[] = ['authorization_code', 'refresh_token'];
// CIMD draft: there is no registration step to hand out a secret, so a document naming a
// shared-secret method (or carrying a secret) is refused rather than silently downgraded.
const SHARED_SECRET_METHODS: readonly string[] = ['client_secret_post', 'client_secret_basic', 'client_secret_jwt'];

/** A rule the document breaks; caught below and returned as the reason. */
class DocumentRuleError extends Error {}

export function validateClientMetadataDocument(clientIdUrl: URL, body: string): DocumentResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { ok: false, reason: 'document is not valid JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, reason: 'document is not a JSON object' };
  }
  const document = parsed as Record<string, unknown>;
  // Own members only: a JSON "__proto__" key, or names like "constructor", must read as absent.
  const member = (name: string): unknown => (Object.hasOwn(document, name) ? document[name] : undefined);
  try {
    return { ok: true, metadata: readMetadata(clientIdUrl, member, Object.keys(document)) };
  } catch (error) {
    if (error instanceof DocumentRuleError || error instanceof DisplayMetadataError)
      return { ok: false, reason: error.message };
    throw error;
  }
}

/** The consent page warns when a client can only send the user back to the user's own machine. */
export function allRedirectsLoopback(metadata: ClientMetadata): boolean {
  return metadata.redirectUris.every((uri) => isLoopbackRedirect(uri));
}

function readMetadata(clientIdUrl: URL, member: (name: string) => unknown, names: string[]): ClientMetadata {
  // CIMD draft: client_id must equal the document's URL by simple string comparison
  // (RFC 3986 6.2.1). parseClientIdUrl only admits canonical URLs, so href is the client_id.
  if (member('client_id') !== clientIdUrl.href) fail('client_id does not match the URL the document was fetched from');
  // The same rule as registration for every name and URL shown to people (display-metadata.ts).
  const display = readDisplayMetadata(member, names);
  const metadata: ClientMetadata = {
    clientId: clientIdUrl.href,
    clientName: display.client_name ?? clientIdUrl.hostname,
    redirectUris: redirectUris(member('redirect_uris'), clientIdUrl),
    grantTypes: grantTypes(member('grant_types')),
    responseTypes: responseTypes(member('response_types')),
    tokenEndpointAuthMethod: authMethod(member('token_endpoint_auth_method')),
    postLogoutRedirectUris:
      member('post_logout_redirect_uris') === undefined
        ? []
        : redirectUris(member('post_logout_redirect_uris'), clientIdUrl, 'post_logout_redirect_uris'),
    backchannelLogoutUri: backchannelLogoutUri(member('backchannel_logout_uri'), clientIdUrl),
    backchannelLogoutSessionRequired: member('backchannel_logout_session_required') === true,
  };
  if (member('client_secret') !== undefined || member('client_secret_expires_at') !== undefined) {
    fail('a client metadata document must not carry a client_secret');
  }
  const scope = optionalScope(member('scope'));
  if (display.client_uri !== undefined) metadata.clientUri = display.client_uri;
  if (display.logo_uri !== undefined) metadata.logoUri = display.logo_uri;
  if (scope !== undefined) metadata.scope = scope;
  return metadata;
}

// CIMD draft, Security Considerations on redirect_uris: a redirect URI on another host would let
// anyone publish a document that sends codes elsewhere under a trusted-looking client_id, so each
// is https on the client_id's own host, or a native app's loopback URI (RFC 8252 7.3).
function redirectUris(value: unknown, clientIdUrl: URL, name = 'redirect_uris'): string[] {
  if (!Array.isArray(value) || value.length === 0) fail(`${name} must be a non-empty array`);
  if (value.length > MAX_REDIRECT_URIS) fail(`${name} may list at most ${MAX_REDIRECT_URIS} URIs`);
  for (const uri of value) {
    if (typeof uri !== 'string' || uri.length > MAX_URI_LENGTH)
      fail('each redirect URI must be a string of sane length');
    // RFC 6749 3.1.2: an absolute URI without a fragment.
    if (uri.includes('#')) fail(`redirect URI must not contain a fragment: ${uri}`);
    const url = URL.parse(uri);
    if (url === null) fail(`redirect URI is not an absolute URI: ${uri}`);
    if (url.username !== '' || url.password !== '') fail(`redirect URI must not contain credentials: ${uri}`);
    const sameHostHttps = url.protocol === 'https:' && url.hostname === clientIdUrl.hostname;
    if (!sameHostHttps && !isLoopbackRedirect(uri)) {
      fail(`redirect URI must be https on ${clientIdUrl.hostname} or a loopback http URI: ${uri}`);
    }
  }
  return [...new Set(value as string[])];
}

// Back-Channel Logout 1.0 2.2: an absolute https URL without fragment; here also on the client_id's
// own host, as redirect URIs are, so a document cannot aim the school's logout tokens at another
// host. Every delivery still passes the SSRF guard (services/auth/logout/backchannel-sender.ts).
function backchannelLogoutUri(value: unknown, clientIdUrl: URL): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || value.length > MAX_URI_LENGTH || value.includes('#'))
    fail('backchannel_logout_uri must be an absolute https URL without fragment');
  const url = URL.parse(value);
  if (url === null || url.protocol !== 'https:' || url.username !== '' || url.password !== '')
    fail('backchannel_logout_uri must be an absolute https URL without fragment or credentials');
  if (url.hostname !== clientIdUrl.hostname) fail(`backchannel_logout_uri must be on ${clientIdUrl.hostname}`);
  return value;
}

// RFC 7591 2: grant_types defaults to authorization_code; we also grant refresh_token by default
// because public MCP clients rely on it. It must include authorization_code, the only way a
// public client gets a first token here (response_types "code" needs it, RFC 7591 2.1).
function grantTypes(value: unknown): GrantType[] {
  if (value === undefined) return ['authorization_code', 'refresh_token'];
  const types = stringArray(value, 'grant_types');
  const unsupported = types.find((type) => !GRANT_TYPES.includes(type));
  if (unsupported !== undefined) fail(`grant type ${unsupported} is not supported`);
  if (!types.includes('authorization_code')) fail('grant_types must include authorization_code');
  return [...new Set(types)] as GrantType[];
}

function responseTypes(value: unknown): 'code'[] {
  if (value === undefined) return ['code'];
  const types = stringArray(value, 'response_types');
  if (types.some((type) => type !== 'code')) fail('only the response type code is supported');
  return ['code'];
}

// RFC 7591 2: the default is client_secret_basic, which a CIMD client cannot use; an absent
// member is read as "none", the only method that fits a document anyone can read.
function authMethod(value: unknown): 'none' {
  if (value === undefined || value === 'none') return 'none';
  if (typeof value === 'string' && SHARED_SECRET_METHODS.includes(value)) {
    fail(`token_endpoint_auth_method ${value} uses a shared secret, which a metadata document cannot hold`);
  }
  if (value === 'private_key_jwt') fail('token_endpoint_auth_method private_key_jwt is not supported yet');
  return fail('token_endpoint_auth_method is not supported');
}

function stringArray(value: unknown, name: string): string[] {
  if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === 'string')) {
    fail(`${name} must be a non-empty array of strings`);
  }
  return value;
}

// RFC 6749 3.3: scope-tokens of NQCHAR (%x21 / %x23-5B / %x5D-7E) separated by single spaces.
function optionalScope(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (
    typeof value !== 'string' ||
    value.length > MAX_SCOPE_LENGTH ||
    !/^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/.test(value)
  ) {
    fail('scope must be a space-separated list of scope tokens');
  }
  return value;
}

function fail(reason: string): never {
  throw new DocumentRuleError(reason);
}
