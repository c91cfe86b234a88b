import type { IntrospectData, IntrospectResponses } from '../../../generated/openapi/client/types.gen.ts';
import type { OAuthHandler } from '../oauth-services.ts';
import { hashSecret } from '../../lib/secrets.ts';
import { InvalidRequest } from '../../services/auth/errors.ts';
import { authenticateCaller, NO_STORE } from './client-authentication.ts';
import { formatScope } from '../../services/auth/scopes.ts';
import { anyTokenStanding } from '../../services/auth/standing/presented-token.ts';

const INACTIVE = { active: false } as const;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * RFC 7662 2: the state of a token the calling client holds, as the one standing rule sees it
 * (standing/token-standing.ts): `scope` is what the person's roles and the school's features allow
 * now, `exp` the true expiry (the token's or its grant's absolute end, whichever is first; /auth.md
 * "Lifetimes"). `aud` is the origin the token is bound to (RFC 8707; RFC 7662 2.2). Anything
 * else, including another client's token, is {"active": false} (2.2), so introspection cannot be
 * used to probe tokens.
 */
export const introspect: OAuthHandler<IntrospectData, IntrospectResponses> = async (
  { body, headers },
  { site, services, clientIp },
) => {
  const client = await authenticateCaller({ headers, body }, { site, services, clientIp });
  if (!body.token) throw new InvalidRequest('token is required.');
  const tokenHash = hashSecret(body.token);
  const presenter = { siteId: site.id, clientRowId: client.rowId };

  // The hint only orders the look-ups (RFC 7662 2.1); both kinds are tried.
  const { kind, standing } = await anyTokenStanding(services.db, tokenHash, presenter);
  if (!standing.active) return { status: 200, body: INACTIVE, headers: NO_STORE };
  const token = standing.facts;
  return {
    status: 200,
    headers: NO_STORE,
    body: {
      active: true,
      token_type: kind === 'access_token' ? 'Bearer' : 'refresh_token',
      scope: formatScope(standing.scopes),
      client_id: client.clientId,
      sub: token.person_id,
      iss: site.origin,
      aud: token.resource,
      iat: seconds(token.created_at),
      exp: seconds(standing.expiresAt),
    },
  };
};
