import type { TokenData, TokenResponses } from '../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../http/handler.ts';
import type { AuditEvent } from '../../services/audit/audit-log.ts';
import { rateLimitHeaders } from '../../services/rate-limiter.ts';
import { authenticateClient, readClientCredentials } from '../../services/auth/clients/authenticate-client.ts';
import { noteCodeExchanged } from '../../services/auth/clients/client-use.ts';
import { InvalidRequest, TooManyRequests, UnsupportedGrantType } from '../../services/auth/errors.ts';
import { exchangeAuthorizationCode } from '../../services/auth/grants/authorization-code.ts';
import { GrantRevokedOnReuse } from '../../services/auth/grants/grant-revoked-on-reuse.ts';
import { refreshTokens } from '../../services/auth/grants/refresh-token.ts';
import { signIdToken } from '../../services/auth/id-token.ts';
import { formatScope } from '../../services/auth/scopes.ts';
import { headerValue, requireFormBody } from '../form-body.ts';

// RFC 6749 5.1: `Cache-Control: no-store` comes from the tokens' x-secret mark (http/secret-responses.ts);
// Pragma, which that rule also asks for, is for HTTP/1.0 caches.
const NO_CACHE = { Pragma: 'no-cache' };

/** RFC 6749 3.2 token endpoint: client authentication, then the grant. */
export const token: OperationHandler<TokenData, TokenResponses> = async (
  { body, headers },
  { site, services, clientIp },
) => {
  requireFormBody(headers);
  const client = await authenticateClient(
    services.db,
    site.id,
    readClientCredentials(headerValue(headers.authorization), body),
    { limiter: services.rateLimiter, address: clientIp },
  );
  // Counted after authentication, so nobody spends a client's budget by naming its client_id; a
  // public client proves nothing but its id, so its budget is per client and address (/auth.md).
  const policy = services.rateLimiter.policy('tokenPerClient');
  const bucket =
    client.authMethod === 'none'
      ? `token:${site.id}:${client.clientId}:${clientIp}`
      : `token:${site.id}:${client.clientId}`;
  const rate = await services.rateLimiter.consume(bucket, policy);
  const limitHeaders = rateLimitHeaders(rate, policy);
  if (!rate.allowed)
    throw new TooManyRequests('Too many token requests for this client; slow down.', rate.resetSeconds, limitHeaders);
  const { oauth } = services.config;
  // The audit log: who (person, client), what, from where; `when` is the row's own time.
  const audit = (event: Omit<AuditEvent, 'siteId' | 'actorClientId' | 'ip'>) =>
    services.audit.record({ siteId: site.id, actorClientId: client.clientId, ip: clientIp, ...event });

  try {
    if (body.grant_type === 'authorization_code') {
      const result = await exchangeAuthorizationCode(services.db, site, client, body, oauth);
      // A loopback registration whose code is never exchanged is purged after a day (/auth.md "2. Get a client").
      await noteCodeExchanged(services.db, client);
      const idToken = await signIdToken(
        { db: services.db, signingKeys: services.signingKeys, idTokenTtlSeconds: oauth.idTokenTtlSeconds },
        site,
        client,
        result,
      );
      await audit({
        actorPersonId: result.personId,
        action: 'token.issued',
        targetType: 'grant',
        targetId: result.grantId,
        details: { grant_type: 'authorization_code', scope: formatScope(result.scopes) },
      });
      services.metrics.tokensIssued.inc({ grant_type: 'authorization_code' }); // docs/operations.md "Metrics"
      return {
        status: 200,
        headers: { ...NO_CACHE, ...limitHeaders },
        body: {
          access_token: result.accessToken,
          token_type: 'Bearer',
          expires_in: result.expiresIn,
          ...(result.refreshToken ? { refresh_token: result.refreshToken } : {}),
          scope: formatScope(result.scopes),
          ...(idToken ? { id_token: idToken } : {}),
        },
      };
    }
    if (body.grant_type === 'refresh_token') {
      const result = await refreshTokens(services.db, site, client, body, {
        ...oauth,
        successorKey: services.refreshSuccessorKey,
        rotations: services.refreshRotations,
      });
      await audit({
        actorPersonId: result.personId,
        action: 'token.issued',
        targetType: 'grant',
        targetId: result.grantId,
        details: { grant_type: 'refresh_token', scope: formatScope(result.scopes) },
      });
      services.metrics.tokensIssued.inc({ grant_type: 'refresh_token' });
      // /auth.md "6. Refresh and revoke": the refresh grant's response carries no id_token.
      return {
        status: 200,
        headers: { ...NO_CACHE, ...limitHeaders },
        body: {
          access_token: result.accessToken,
          token_type: 'Bearer',
          expires_in: result.expiresIn,
          refresh_token: result.refreshToken!,
          scope: formatScope(result.scopes),
        },
      };
    }
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
    }
    throw error;
  }
  if (!body.grant_type) throw new InvalidRequest('grant_type is required.');
  throw new UnsupportedGrantType(
    `The grant type ${body.grant_type} is not supported; use authorization_code or refresh_token.`,
  );
};
