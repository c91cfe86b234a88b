import type { UserinfoData, UserinfoResponses } from '../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../http/handler.ts';
import { BearerChallenge } from '../../http/bearer-guard.ts';
import { identityClaims } from '../claims.ts';

/** OIDC Core 5.3: the claims of the token's person, by the token's scopes (see claims.ts). */
export const userinfo: OperationHandler<UserinfoData, UserinfoResponses> = async (
  _request,
  { site, services, auth },
) => {
  // The spec's security requirement (oauth2: openid) made the guard run; auth is always set here.
  if (!auth) throw new BearerChallenge('missing', site.origin, 'An access token is required.', ['openid']);
  const claims = await identityClaims(services.db, site.id, auth.personId, [...auth.scopes]);
  if (!claims) throw new BearerChallenge('invalid_token', site.origin, 'The person of this token no longer exists.');
  return { status: 200, body: claims as UserinfoResponses[200], headers: { 'Cache-Control': 'no-store' } };
};
