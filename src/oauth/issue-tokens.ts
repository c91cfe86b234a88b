// Mints the access and refresh tokens of a grant. Tokens are opaque 256-bit random strings stored
// only as hashes; a revoked one fails at every protected resource on the next request because the
// bearer guard reads the database (no token is cached past its revocation: issue 8).
import type { Db } from '../db/database.ts';
import { insertAccessToken, insertRefreshToken } from '../db/repositories/oauth-grants.ts';
import { hashSecret, randomSecret, TOKEN_PREFIX } from '../lib/secrets.ts';

export type TokenLifetimes = { accessTokenTtlSeconds: number; refreshTokenTtlSeconds: number };

export type GrantBinding = {
  grantId: string;
  siteId: string;
  clientRowId: string;
  personId: string;
  scopes: string[];
  resource: string;
};

export type IssuedTokens = { accessToken: string; refreshToken: string | undefined; expiresIn: number };

export async function issueTokens(db: Db, binding: GrantBinding, lifetimes: TokenLifetimes, options: { withRefreshToken: boolean }): Promise<IssuedTokens> {
  const now = Date.now();
  const accessToken = randomSecret(TOKEN_PREFIX.accessToken);
  await insertAccessToken(db, {
    token_hash: hashSecret(accessToken),
    grant_id: binding.grantId,
    site_id: binding.siteId,
    client_row_id: binding.clientRowId,
    person_id: binding.personId,
    scopes: binding.scopes,
    resource: binding.resource,
    expires_at: new Date(now + lifetimes.accessTokenTtlSeconds * 1000),
  });
  let refreshToken: string | undefined;
  if (options.withRefreshToken) {
    refreshToken = randomSecret(TOKEN_PREFIX.refreshToken);
    await insertRefreshToken(db, {
      token_hash: hashSecret(refreshToken),
      grant_id: binding.grantId,
      site_id: binding.siteId,
      client_row_id: binding.clientRowId,
      scopes: binding.scopes,
      expires_at: new Date(now + lifetimes.refreshTokenTtlSeconds * 1000),
    });
  }
  return { accessToken, refreshToken, expiresIn: lifetimes.accessTokenTtlSeconds };
}
