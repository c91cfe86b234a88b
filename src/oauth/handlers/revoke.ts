import type { RevokeData, RevokeResponses } from '../../../generated/openapi/client/types.gen.ts';
import type { OAuthHandler } from '../oauth-services.ts';
import { hashSecret } from '../../lib/secrets.ts';
import { InvalidRequest } from '../../services/auth/errors.ts';
import { authenticateCaller, NO_STORE } from './client-authentication.ts';
import { revokeHeldAccessToken, revokeHeldRefreshToken } from '../../services/auth/grants/revoke-token.ts';

/**
 * RFC 7009 2: revoking an access token ends that token; revoking a refresh token ends its grant,
 * access tokens included (2.1 "SHOULD"). Whether the caller holds the token is the standing
 * module's binding rule (the same the introspection endpoint applies). Unknown tokens, and tokens
 * of other clients or schools, get 200 too (2.2), so the endpoint reveals nothing about tokens the
 * caller does not own. Each revocation is audited; a request that revoked nothing leaves no entry.
 */
export const revoke: OAuthHandler<RevokeData, RevokeResponses> = async (
  { body, headers },
  { site, services, clientIp },
) => {
  const client = await authenticateCaller({ headers, body }, { site, services, clientIp });
  if (!body.token) throw new InvalidRequest('token is required.');
  const tokenHash = hashSecret(body.token);
  const presenter = { siteId: site.id, clientRowId: client.rowId };
  const audited = { actorClientId: client.clientId, ip: clientIp, targetType: 'grant', siteId: site.id } as const;

  async function revokeAccess(): Promise<boolean> {
    const token = await revokeHeldAccessToken(services.db, tokenHash, presenter);
    if (!token) return false;
    await services.audit.record({
      ...audited,
      actorPersonId: token.person_id,
      action: 'token.revoked',
      targetId: token.grant_id,
      details: { token_type: 'access_token' },
    });
    return true;
  }

  async function revokeRefresh(): Promise<boolean> {
    const token = await revokeHeldRefreshToken(services.db, tokenHash, presenter, { ip: clientIp });
    if (!token) return false;
    if (!token.grant_revoked_at)
      await services.audit.record({
        ...audited,
        actorPersonId: token.person_id,
        action: 'grant.revoked',
        targetId: token.grant_id,
        details: { token_type: 'refresh_token' },
      });
    return true;
  }

  // The hint only orders the look-ups (RFC 7009 2.1); both kinds are tried.
  if (body.token_type_hint === 'refresh_token') {
    if (!(await revokeRefresh())) await revokeAccess();
  } else if (!(await revokeAccess())) {
    await revokeRefresh();
  }
  return { status: 200, body: undefined, headers: NO_STORE };
};
