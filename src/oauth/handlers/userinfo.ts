import type { UserinfoData, UserinfoResponses } from '../../../generated/openapi/client/types.gen.ts';
import type { OAuthHandler } from '../oauth-services.ts';
import { BearerChallenge } from '../../http/bearer-guard.ts';
import { claimsOf } from '../../services/auth/claims.ts';
import { noStore } from '../../lib/no-store.ts';

/** OIDC Core 5.3: the claims of the token's person, by the token's scopes (see claims.ts). */
export const userinfo: OAuthHandler<UserinfoData, UserinfoResponses> = async (_request, { site, auth }) => {
  // The spec's security requirement (oauth2: openid) made the guard run; auth is always set here.
  if (!auth) throw new BearerChallenge('missing', site.origin, 'An access token is required.', ['openid']);
  // The person and their roles now were read with the token (bearer-guard.ts): no second statement.
  const claims = claimsOf(auth.person, site.id, [...auth.scopes]);
  return { status: 200, body: claims as UserinfoResponses[200], headers: { ...noStore('personal-data') } };
};
