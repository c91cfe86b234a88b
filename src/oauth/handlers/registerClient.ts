import type { RegisterClientData, RegisterClientResponses } from '../../../generated/openapi/client/types.gen.ts';
import type { OAuthHandler } from '../oauth-services.ts';
import { rateLimitHeaders } from '../../services/rate-limiter.ts';
import { registerClient as register } from '../../services/auth/clients/register-client.ts';
import { TooManyRequests } from '../../services/auth/errors.ts';
import { formatScope } from '../../services/auth/scopes.ts';
import { recordClientRegistered } from '../client-registered.ts';

/** RFC 7591 3.2.1: 201 with the client's full metadata; rate limited per address (/auth.md "Rate limits"). */
export const registerClient: OAuthHandler<RegisterClientData, RegisterClientResponses> = async (
  { body },
  { site, services, clientIp },
) => {
  const policy = services.rateLimiter.policy('registrationPerAddress');
  const rate = await services.rateLimiter.consume(`register:${clientIp}`, policy);
  if (!rate.allowed)
    throw new TooManyRequests(
      'Too many registrations from this address; try again later.',
      rate.resetSeconds,
      rateLimitHeaders(rate, policy),
    );
  const { client, clientSecret, created } = await register(services.db, site, body ?? {}, {
    allowHttpBackchannel: services.config.webhooks.allowPrivateAddresses,
  });
  if (created) await recordClientRegistered({ services, site, clientIp }, client);
  return {
    status: 201,
    // RFC 7591 3.2.1 answers a secret: `Cache-Control: no-store` comes from its x-secret mark (http/secret-responses.ts).
    headers: rateLimitHeaders(rate, policy),
    body: {
      client_id: client.clientId,
      ...(clientSecret ? { client_secret: clientSecret, client_secret_expires_at: 0 } : {}),
      client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
      client_name: client.name,
      application_type: client.applicationType,
      redirect_uris: client.redirectUris,
      grant_types: client.grantTypes,
      response_types: ['code'],
      token_endpoint_auth_method: client.authMethod,
      ...(client.allowedScopes.length ? { scope: formatScope(client.allowedScopes) } : {}),
      id_token_signed_response_alg: client.idTokenAlg,
      ...(client.postLogoutRedirectUris.length ? { post_logout_redirect_uris: client.postLogoutRedirectUris } : {}),
      ...(client.backchannelLogoutUri
        ? {
            backchannel_logout_uri: client.backchannelLogoutUri,
            backchannel_logout_session_required: client.backchannelLogoutSessionRequired,
          }
        : {}),
    },
  };
};
