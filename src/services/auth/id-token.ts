// ID tokens (OIDC Core 2; /auth.md "Identity: UserInfo and the ID token"): ES256 by default or RS256 when the client
// registered it, `kid` in the JWKS, iss = origin, aud = client_id, exp = iat + 600 s, nonce
// echoed, auth_time, `sid` (the browser session that signed in, Back-Channel Logout 1.0 2.1), and the
// same identity claims as UserInfo for the grant.
import type { Db } from '../../db/database.ts';
import type { Site } from '../school/sites.ts';
import { identityClaims } from './claims.ts';
import type { Client } from './clients/client.ts';
import type { SigningKeyService } from './keys/signing-keys.ts';

export async function signIdToken(
  deps: { db: Db; signingKeys: SigningKeyService; idTokenTtlSeconds: number },
  site: Site,
  client: Client,
  grant: { personId: string; scopes: string[]; nonce: string | null; authTime: Date; sessionId: string | null },
): Promise<string | undefined> {
  // Only when openid was granted and the school signs ID tokens (discovery lists both fields).
  if (!grant.scopes.includes('openid') || !site.idTokenSigningEnabled) return undefined;
  const claims = await identityClaims(deps.db, site.id, grant.personId, grant.scopes);
  if (!claims) return undefined;
  await deps.signingKeys.ensureKeys(site.id);
  return deps.signingKeys.signJwt(
    site.id,
    client.idTokenAlg,
    {
      ...claims,
      iss: site.origin,
      aud: client.clientId,
      auth_time: Math.floor(grant.authTime.getTime() / 1000),
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
      ...(grant.sessionId ? { sid: grant.sessionId } : {}),
    },
    { expiresInSeconds: deps.idTokenTtlSeconds },
  );
}
