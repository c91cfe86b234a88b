import type { RevokeData, RevokeResponses } from '../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../http/handler.ts';
import { findAccessTokenForClient, findRefreshTokenForClient, revokeAccessToken, revokeGrant } from '../../db/repositories/oauth-grants.ts';
import { hashSecret } from '../../lib/secrets.ts';
import { authenticateClient, readClientCredentials } from '../clients/authenticate-client.ts';
import { InvalidRequest } from '../errors.ts';
import { headerValue, requireFormBody } from '../form-body.ts';

/**
 * RFC 7009 2: revoking an access token ends that token; revoking a refresh token ends its grant,
 * access tokens included (2.1 "SHOULD"). Unknown tokens, and tokens of other clients, get 200 too
 * (2.2), so the endpoint reveals nothing about tokens the caller does not own. Each revocation is
 * audited (issue 9); a request that revoked nothing leaves no entry.
 */
export const revoke: OperationHandler<RevokeData, RevokeResponses> = async ({ body, headers }, { site, services, clientIp }) => {
  requireFormBody(headers);
  const client = await authenticateClient(services.db, site.id, readClientCredentials(headerValue(headers.authorization), body), { limiter: services.rateLimiter, address: clientIp });
  if (!body.token) throw new InvalidRequest('token is required.');
  const tokenHash = hashSecret(body.token);
  const audited = { actorClientId: client.clientId, ip: clientIp, targetType: 'grant' } as const;

  async function revokeAccess(): Promise<boolean> {
    if (!(await revokeAccessToken(services.db, tokenHash, client.rowId))) return false;
    const token = await findAccessTokenForClient(services.db, tokenHash);
    await services.audit.record({ ...audited, siteId: token?.site_id ?? site.id, actorPersonId: token?.person_id, action: 'token.revoked', targetId: token?.grant_id, details: { token_type: 'access_token' } });
    return true;
  }

  // The hint only orders the look-ups (RFC 7009 2.1); both kinds are tried.
  const revokedAccess = body.token_type_hint !== 'refresh_token' && (await revokeAccess());
  if (!revokedAccess) {
    const refresh = await findRefreshTokenForClient(services.db, tokenHash);
    if (refresh && refresh.client_row_id === client.rowId && refresh.site_id === site.id) {
      await revokeGrant(services.db, refresh.grant_id, 'refresh token revoked by client');
      if (!refresh.grant_revoked_at) await services.audit.record({ ...audited, siteId: site.id, actorPersonId: refresh.person_id, action: 'grant.revoked', targetId: refresh.grant_id, details: { token_type: 'refresh_token' } });
    } else if (body.token_type_hint === 'refresh_token') {
      await revokeAccess();
    }
  }
  return { status: 200, body: undefined as never, headers: { 'Cache-Control': 'no-store' } };
};
