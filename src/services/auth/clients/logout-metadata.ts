// The logout metadata a client registers, one rule for every way a client is made (registration,
// the admin area's application form):
// - post_logout_redirect_uris (RP-Initiated Logout 1.0 3.1): absolute, no fragment or credentials,
//   https or loopback http (RFC 9700 2.1, RFC 8252 8.3), like redirect URIs; matched exactly;
// - backchannel_logout_uri (Back-Channel Logout 1.0 2.2): an absolute https URL, which MAY hold a
//   query and MUST NOT hold a fragment; plain http only where the deployment allows development
//   addresses (never in production), and every delivery passes the SSRF guard (lib/net/safe-fetch.ts).
import { isLoopbackUri, isWellFormedRedirectUri } from '../redirect-uri.ts';

export const MAX_POST_LOGOUT_REDIRECT_URIS = 10;
const MAX_URL_LENGTH = 2048;

export class LogoutMetadataError extends Error {}

export type LogoutMetadata = {
  postLogoutRedirectUris: string[];
  backchannelLogoutUri: string | null;
  backchannelLogoutSessionRequired: boolean;
};

export function checkPostLogoutRedirectUris(uris: readonly string[], options: { loopbackOnly: boolean }): string[] {
  if (uris.length > MAX_POST_LOGOUT_REDIRECT_URIS)
    throw new LogoutMetadataError(`At most ${MAX_POST_LOGOUT_REDIRECT_URIS} post-logout redirect URIs.`);
  for (const uri of uris) {
    if (uri.length > MAX_URL_LENGTH || !isWellFormedRedirectUri(uri))
      throw new LogoutMetadataError(`${uri} is not an absolute URI without fragment or credentials.`);
    if (options.loopbackOnly && !isLoopbackUri(uri))
      throw new LogoutMetadataError(`${uri} must be a loopback URI, like the redirect URIs of this client.`);
    if (uri.startsWith('http:') && !isLoopbackUri(uri))
      throw new LogoutMetadataError(`${uri} must use https (plain http is for loopback only).`);
  }
  return [...new Set(uris)];
}

export function checkBackchannelLogoutUri(uri: string | null, options: { allowHttp: boolean }): string | null {
  if (uri === null || uri === '') return null;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new LogoutMetadataError(`${uri} is not an absolute URL.`);
  }
  if (uri.length > MAX_URL_LENGTH || uri.includes('#') || url.username || url.password)
    throw new LogoutMetadataError(`${uri} must be an absolute URL without fragment or credentials.`);
  if (url.protocol !== 'https:' && !(options.allowHttp && url.protocol === 'http:'))
    throw new LogoutMetadataError(`${uri} must use https.`);
  return uri;
}
