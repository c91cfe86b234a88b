import type { GetJwksData, GetJwksResponses } from '../../../generated/openapi/client/types.gen.ts';
import type { OAuthHandler } from '../oauth-services.ts';

/** RFC 7517 5: the school's public keys; created on first request so jwks_uri never 404s. */
export const getJwks: OAuthHandler<GetJwksData, GetJwksResponses> = async (_request, { site, services }) => {
  await services.signingKeys.ensureKeys(site.id);
  const jwks = await services.signingKeys.jwks(site.id);
  return { status: 200, body: jwks as GetJwksResponses[200], headers: { 'Cache-Control': 'public, max-age=300' } };
};
