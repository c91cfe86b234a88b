import type { IntrospectData, IntrospectResponses } from '../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../http/handler.ts';
import { findAccessTokenForClient, findRefreshTokenForClient } from '../../db/repositories/oauth-grants.ts';
import { hashSecret } from '../../lib/secrets.ts';
import { authenticateClient, readClientCredentials } from '../clients/authenticate-client.ts';
import { InvalidRequest } from '../errors.ts';
import { headerValue, requireFormBody } from '../form-body.ts';
import { formatScope } from '../scopes.ts';

const INACTIVE = { active: false } as const;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * RFC 7662 2: the state of a token the calling client holds. `aud` is the origin the token is
 * bound to (seed spec, Authentication 6). Anything else, including another client's token, is
 * {"active": false} (2.2), so introspection cannot be used to probe tokens.
 */
export const introspect: OperationHandler<IntrospectData, IntrospectResponses> = async ({ body, headers }, { site, services, clientIp }) => {
  requireFormBody(headers);
  const client = await authenticateClient(services.db, site.id, readClientCredentials(headerValue(headers.authorization), body), { limiter: services.rateLimiter, address: clientIp });
  if (!body.token) throw new InvalidRequest('token is required.');
  const tokenHash = hashSecret(body.token);
  const now = new Date();
  const noStore = { 'Cache-Control': 'no-store' };

  const access = await findAccessTokenForClient(services.db, tokenHash);
  if (access) {
    const active = access.client_row_id === client.rowId && access.site_id === site.id && !access.revoked_at && !access.grant_revoked_at && access.expires_at > now;
    if (!active) return { status: 200, body: INACTIVE, headers: noStore };
    return {
      status: 200,
      headers: noStore,
      body: { active: true, token_type: 'Bearer', scope: formatScope(access.scopes), client_id: client.clientId, sub: access.person_id, iss: site.origin, aud: access.resource, iat: seconds(access.created_at), exp: seconds(access.expires_at) },
    };
  }
  const refresh = await findRefreshTokenForClient(services.db, tokenHash);
  const active = refresh && refresh.client_row_id === client.rowId && refresh.site_id === site.id && !refresh.revoked_at && !refresh.grant_revoked_at && !refresh.rotated_at && refresh.expires_at > now;
  if (!refresh || !active) return { status: 200, body: INACTIVE, headers: noStore };
  return {
    status: 200,
    headers: noStore,
    body: { active: true, token_type: 'refresh_token', scope: formatScope(refresh.scopes), client_id: client.clientId, sub: refresh.person_id, iss: site.origin, aud: refresh.resource, iat: seconds(refresh.created_at), exp: seconds(refresh.expires_at) },
  };
};
