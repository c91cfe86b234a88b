import type { TokenData, TokenResponses } from '../../../generated/openapi/client/types.gen.ts';
import { touchClientLastUsed } from '../../db/repositories/oauth-clients.ts';
import type { OperationHandler } from '../../http/handler.ts';
import { rateLimitHeaders } from '../../services/rate-limiter.ts';
import { authenticateClient, readClientCredentials } from '../clients/authenticate-client.ts';
import { InvalidRequest, TooManyRequests, UnsupportedGrantType } from '../errors.ts';
import { exchangeAuthorizationCode } from '../grants/authorization-code.ts';
import { refreshTokens } from '../grants/refresh-token.ts';
import { signIdToken } from '../id-token.ts';
import { formatScope } from '../scopes.ts';
import { headerValue, requireFormBody } from '../form-body.ts';

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** RFC 6749 3.2 token endpoint: client authentication, then the grant. */
export const token: OperationHandler<TokenData, TokenResponses> = async ({ body, headers }, { site, services, clientIp }) => {
  requireFormBody(headers);
  const credentials = readClientCredentials(headerValue(headers.authorization), body);
  const policy = services.rateLimiter.policy('tokenPerClient');
  const rate = await services.rateLimiter.consume(`token:${site.id}:${credentials.clientId}`, policy);
  if (!rate.allowed) throw new TooManyRequests('Too many token requests for this client; slow down.', rate.resetSeconds);
  const client = await authenticateClient(services.db, site.id, credentials);
  const { oauth } = services.config;

  if (body.grant_type === 'authorization_code') {
    const result = await exchangeAuthorizationCode(services.db, site, client, body, oauth);
    // A loopback registration whose code is never exchanged is purged after a day (issue 3).
    if (client.kind === 'loopback') await touchClientLastUsed(services.db, client.rowId);
    const idToken = await signIdToken({ db: services.db, signingKeys: services.signingKeys, idTokenTtlSeconds: oauth.idTokenTtlSeconds }, site, client, result);
    await services.audit.record({ siteId: site.id, actorPersonId: result.personId, actorClientId: client.clientId, action: 'token.issued', targetType: 'grant', targetId: result.grantId, details: { grant_type: 'authorization_code', scope: formatScope(result.scopes) }, ip: clientIp });
    return {
      status: 200,
      headers: { ...NO_STORE, ...rateLimitHeaders(rate, policy) },
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
    const result = await refreshTokens(services.db, site, client, body, oauth);
    // Seed spec: the refresh grant's response carries no id_token.
    return {
      status: 200,
      headers: { ...NO_STORE, ...rateLimitHeaders(rate, policy) },
      body: { access_token: result.accessToken, token_type: 'Bearer', expires_in: result.expiresIn, refresh_token: result.refreshToken!, scope: formatScope(result.scopes) },
    };
  }
  if (!body.grant_type) throw new InvalidRequest('grant_type is required.');
  throw new UnsupportedGrantType(`The grant type ${body.grant_type} is not supported; use authorization_code or refresh_token.`);
};
