// The one client authentication of the token, revocation and introspection endpoints (RFC 6749 2.3,
// RFC 7009 2.1, RFC 7662 2.1): a form body, the credentials read from HTTP Basic or the body, the
// client checked under the failure throttle (/auth.md "Rate limits"). Every failure is the one
// `invalid_client` 401 with its WWW-Authenticate challenge (RFC 6749 5.2; services/auth/errors.ts).
import type { HandlerRequest } from '../../http/handler.ts';
import type { OAuthContext } from '../oauth-services.ts';
import { authenticateClient, readClientCredentials } from '../../services/auth/clients/authenticate-client.ts';
import type { Client } from '../../services/auth/clients/client.ts';
import { headerValue, requireFormBody } from '../form-body.ts';
import { noStore } from '../../lib/no-store.ts';

/**
 * What the three endpoints answer hold credentials or their state: never stored by a cache (RFC 6749
 * 5.1, RFC 7009 2.2, RFC 7662 2.2). Their errors carry it too (OAuthError.toWire).
 */
export const NO_STORE = noStore('token-state');

type ClientCredentialFields = { client_id?: string; client_secret?: string };

/** The client that calls this endpoint, authenticated; throws `invalid_request`, `invalid_client` or `slow_down`. */
export async function authenticateCaller(
  { headers, body }: Pick<HandlerRequest<{ body: ClientCredentialFields }>, 'headers' | 'body'>,
  { site, services, clientIp }: Pick<OAuthContext, 'site' | 'services' | 'clientIp'>,
): Promise<Client> {
  // RFC 6749 3.2, RFC 7009 2.1, RFC 7662 2.1: these endpoints take form bodies only.
  requireFormBody(headers);
  return authenticateClient(services.db, site.id, readClientCredentials(headerValue(headers.authorization), body), {
    limiter: services.rateLimiter,
    address: clientIp,
  });
}
