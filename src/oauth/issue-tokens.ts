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

/** The tokens minted, and the grant (token family) they belong to, which the audit log names. */
export type IssuedTokens = { accessToken: string; refreshToken: string | undefined; expiresIn: number; grantId: string };

/** A new token's wire value and what is stored of it: the hash and the expiry (never the value). */
export type MintedToken = { value: string; hash: string; expiresAt: Date };

export function mintToken(kind: keyof typeof TOKEN_PREFIX, ttlSeconds: number, now = Date.now()): MintedToken {
  const value = randomSecret(TOKEN_PREFIX[kind]);
  return { value, hash: hashSecret(value), expiresAt: new Date(now + ttlSeconds * 1000) };
}

export async function issueTokens(db: Db, binding: GrantBinding, lifetimes: TokenLifetimes, options: { withRefreshToken: boolean }): Promise<IssuedTokens> {
  const now = Date.now();
  const access = mintToken('accessToken', lifetimes.accessTokenTtlSeconds, now);
  await insertAccessToken(db, {
    token_hash: access.hash,
    grant_id: binding.grantId,
    site_id: binding.siteId,
    client_row_id: binding.clientRowId,
    person_id: binding.personId,
    scopes: binding.scopes,
    resource: binding.resource,
    expires_at: access.expiresAt,
  });
  let refresh: MintedToken | undefined;
  if (options.withRefreshToken) {
    refresh = mintToken('refreshToken', lifetimes.refreshTokenTtlSeconds, now);
    await insertRefreshToken(db, {
      token_hash: refresh.hash,
      grant_id: binding.grantId,
      site_id: binding.siteId,
      client_row_id: binding.clientRowId,
      scopes: binding.scopes,
      expires_at: refresh.expiresAt,
    });
  }
  return { accessToken: access.value, refreshToken: refresh?.value, expiresIn: lifetimes.accessTokenTtlSeconds, grantId: binding.grantId };
}
