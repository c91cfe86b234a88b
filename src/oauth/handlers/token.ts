import type { TokenData, TokenResponses } from '../../../generated/openapi/client/types.gen.ts';
import type { OAuthHandler } from '../oauth-services.ts';
import type { OAuthContext } from '../oauth-services.ts';
import type { AuditEvent } from '../../services/audit/audit-log.ts';
import { rateLimitHeaders } from '../../services/rate-limiter.ts';
import type { Client } from '../../services/auth/clients/client.ts';
import { TooManyRequests } from '../../services/auth/errors.ts';
import type { GrantDeps } from '../../services/auth/grants/grant.ts';
import { GrantRevokedOnReuse } from '../../services/auth/grants/grant-revoked-on-reuse.ts';
import { grantFor } from '../../services/auth/grants/table.ts';
import { formatScope } from '../../services/auth/scopes.ts';
import { noStore } from '../../lib/no-store.ts';
import { recordReuse } from '../../services/audit/auth-events.ts';
import { authenticateCaller } from './client-authentication.ts';

// RFC 6749 5.1: no-store, with the Pragma that rule also asks for (HTTP/1.0 caches).
const NO_CACHE = noStore('token-response');

/**
 * RFC 6749 3.2 token endpoint: client authentication, the client's rate, then the grant the request
 * names, run as its table of steps says (services/auth/grants/table.ts).
 */
export const token: OAuthHandler<TokenData, TokenResponses> = async ({ body, headers }, context) => {
  const { site, services, clientIp } = context;
  const client = await authenticateCaller({ headers, body }, context);
  const limitHeaders = await spendClientRate(context, client);
  const grant = grantFor(body.grant_type);
  const grantType = body.grant_type!;
  // The audit log: who (person, client), what, from where; `when` is the row's own time.
  const audit = (event: Omit<AuditEvent, 'siteId' | 'actorClientId' | 'ip'>) =>
    services.audit.record({ siteId: site.id, actorClientId: client.clientId, ip: clientIp, ...event });
  const deps: GrantDeps = {
    db: services.db,
    lifetimes: services.config.oauth,
    signingKeys: services.signingKeys,
    successorKey: services.refreshSuccessorKey,
    rotations: services.refreshRotations,
  };

  try {
    const issued = await grant(deps, { site, client, grantType, params: body });
    const scope = formatScope(issued.scopes);
    await audit({
      actorPersonId: issued.personId,
      action: 'token.issued',
      targetType: 'grant',
      targetId: issued.grantId,
      details: { grant_type: grantType, scope },
    });
    services.metrics.tokensIssued.inc({ grant_type: grantType }); // docs/operations.md "Metrics"
    // docs/operations.md "Access trail": noted in memory, written in batches, one per grant and hour.
    services.tokenIssues.note({
      siteId: site.id,
      grantId: issued.grantId,
      personId: issued.personId,
      clientId: client.clientId,
      grantType,
      ip: clientIp,
      userAgent: userAgentOf(headers),
    });
    // RFC 6749 5.1; /auth.md "6. Refresh and revoke": the refresh grant's response carries no id_token.
    return {
      status: 200,
      headers: { ...NO_CACHE, ...limitHeaders },
      body: {
        access_token: issued.accessToken,
        token_type: 'Bearer',
        expires_in: issued.expiresIn,
        ...(issued.refreshToken ? { refresh_token: issued.refreshToken } : {}),
        scope,
        ...(issued.idToken ? { id_token: issued.idToken } : {}),
      },
    };
  } catch (error) {
    // RFC 6749 4.1.2 and RFC 9700 4.14.2: a reused code or refresh token ended its grant.
    if (error instanceof GrantRevokedOnReuse) {
      services.metrics.reuseDetections.inc({ reason: error.revoked.reason });
      await audit({
        actorPersonId: error.revoked.personId,
        action: 'grant.revoked',
        targetType: 'grant',
        targetId: error.revoked.grantId,
        details: { reason: error.revoked.reason },
      });
      await recordReuse(
        services.db,
        {
          siteId: site.id,
          grantId: error.revoked.grantId,
          personId: error.revoked.personId,
          clientId: client.clientId,
          refresh: grantType === 'refresh_token',
          ended: error.revoked.ended,
        },
        { ip: clientIp, userAgent: userAgentOf(headers) },
      );
    }
    throw error;
  }
};

/** The caller's User-Agent as the access trail keeps it (bounded). */
function userAgentOf(headers: Record<string, unknown> | undefined): string | null {
  const value = headers?.['user-agent'];
  return typeof value === 'string' ? value.slice(0, 300) : null;
}

/**
 * Counted after authentication, so nobody spends a client's budget by naming its client_id; a
 * public client proves nothing but its id, so its budget is per client and address (/auth.md).
 */
async function spendClientRate({ site, services, clientIp }: OAuthContext, client: Client) {
  const policy = services.rateLimiter.policy('tokenPerClient');
  const bucket =
    client.authMethod === 'none'
      ? `token:${site.id}:${client.clientId}:${clientIp}`
      : `token:${site.id}:${client.clientId}`;
  const rate = await services.rateLimiter.consume(bucket, policy);
  const limitHeaders = rateLimitHeaders(rate, policy);
  if (!rate.allowed)
    throw new TooManyRequests('Too many token requests for this client; slow down.', rate.resetSeconds, limitHeaders);
  return limitHeaders;
}
