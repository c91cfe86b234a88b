// Mints the access and refresh tokens of a grant. Tokens are opaque 256-bit strings stored only as
// hashes; a revoked one fails at every protected resource on the next request because the bearer
// guard reads the database (no token is cached past its revocation). Expiries follow the
// grant's lifetimes (standing/lifetimes.ts): no token outlives its grant.
import { createHmac, createSecretKey, hkdfSync, type KeyObject } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { insertAccessToken, insertRefreshToken } from '../../db/repositories/oauth-grants.ts';
import { hashSecret, randomSecret, TOKEN_PREFIX } from '../../lib/secrets.ts';
import { tokenExpiries, type GrantLifetimes } from './standing/lifetimes.ts';

export type TokenLifetimes = GrantLifetimes;

export type GrantBinding = {
  grantId: string;
  siteId: string;
  clientRowId: string;
  personId: string;
  scopes: string[];
  resource: string;
  /** The grant's absolute end: caps every token it issues. */
  grantExpiresAt: Date;
};

/** The tokens minted, and the grant (token family) they belong to, which the audit log names. */
export type IssuedTokens = {
  accessToken: string;
  refreshToken: string | undefined;
  expiresIn: number;
  grantId: string;
};

/** A new token's wire value and what is stored of it: the hash (never the value). */
export type MintedToken = { value: string; hash: string };

function minted(value: string): MintedToken {
  return { value, hash: hashSecret(value) };
}

export function mintToken(kind: keyof typeof TOKEN_PREFIX): MintedToken {
  return minted(randomSecret(TOKEN_PREFIX[kind]));
}

/** The key successors are derived with (HKDF of the deployment's key-encryption key, RFC 5869). */
// A KeyObject made once: createHmac given raw bytes imports them into a new key object on every call
// (about a tenth of a refresh's CPU, bench/FINDINGS.md "Keys made once").
export function successorKeyOf(keyEncryptionKey: Buffer): KeyObject {
  return createSecretKey(
    Buffer.from(hkdfSync('sha256', keyEncryptionKey, Buffer.alloc(0), 'course-school refresh successor v1', 32)),
  );
}

/**
 * The tokens a refresh token is exchanged for, derived from it under a server key (HMAC-SHA-256).
 * RFC 9700 4.14.2: every use of one refresh token yields the same successors, so concurrent uses
 * and an honest retry after a lost response all end on one branch of the family, and the server
 * stores nothing but hashes. Without the key nobody can compute a successor, even from the token.
 */
export function successorsOf(refreshToken: string, key: KeyObject): { access: MintedToken; refresh: MintedToken } {
  const derive = (kind: 'accessToken' | 'refreshToken') =>
    minted(
      `${TOKEN_PREFIX[kind]}_${createHmac('sha256', key).update(`${kind}\n${refreshToken}`, 'utf8').digest('base64url')}`,
    );
  return { access: derive('accessToken'), refresh: derive('refreshToken') };
}

export const secondsUntil = (at: Date, now: Date) => Math.max(0, Math.floor((at.getTime() - now.getTime()) / 1000));

/** Stores a grant's first tokens, freshly random, and answers what the client receives (refresh rotation has its own statement). */
export async function issueTokens(
  db: Db,
  binding: GrantBinding,
  lifetimes: TokenLifetimes,
  options: { withRefreshToken: boolean },
): Promise<IssuedTokens> {
  const now = new Date();
  const expiries = tokenExpiries(binding.grantExpiresAt, now, lifetimes);
  const access = mintToken('accessToken');
  await insertAccessToken(db, {
    token_hash: access.hash,
    grant_id: binding.grantId,
    site_id: binding.siteId,
    client_row_id: binding.clientRowId,
    person_id: binding.personId,
    scopes: binding.scopes,
    resource: binding.resource,
    expires_at: expiries.access,
  });
  let refresh: MintedToken | undefined;
  if (options.withRefreshToken) {
    refresh = mintToken('refreshToken');
    await insertRefreshToken(db, {
      token_hash: refresh.hash,
      grant_id: binding.grantId,
      site_id: binding.siteId,
      client_row_id: binding.clientRowId,
      scopes: binding.scopes,
      expires_at: expiries.refresh,
    });
  }
  return {
    accessToken: access.value,
    refreshToken: refresh?.value,
    expiresIn: secondsUntil(expiries.access, now),
    grantId: binding.grantId,
  };
}
