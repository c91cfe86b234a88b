// The schools' ID-token signing keys: each site is its own issuer with its own keys, one ES256
// (the spec's ID-token alg, Authentication 7) and one RS256 (which OIDC Core 15.1 requires of
// every OpenID Provider), each rotating next -> current -> retired so that verifiers always
// find the signing kid at jwks_uri (OIDC Core 10.1.1).
// Any number of instances share the keys through the database; see rotation.ts for the lock.
import { SignJWT, type JWK, type JWTPayload } from 'jose';
import type { Transaction } from 'kysely';
import type { Db } from '../../../db/database.ts';
import {
  findCurrentSigningKey,
  listLiveSigningKeys,
  listPublishableSigningKeys,
  lockSiteSigningKeys,
  type SigningKeyRow,
} from '../../../db/repositories/signing-keys.ts';
import type { Database } from '../../../db/schema.ts';
import type { SigningAlg } from '../../../db/schema-oauth.ts';
import { importPrivateKey, SIGNING_ALGS, toPublicJwk, type SigningKeyHandle } from './key-material.ts';
import { ensureAlgKeys, rotateAlg, type RotationContext, type RotationResult } from './rotation.ts';

export { SIGNING_ALGS } from './key-material.ts';
export type { RotationResult } from './rotation.ts';

/**
 * The documented interval: an instance re-reads which key is current at most this often, so a
 * key rotated by another instance signs here within this many seconds. Until then this instance
 * may still sign with the retired key, which is why RETIRED_KEY_GRACE_SECONDS must exceed it.
 */
export const KEY_STATE_CACHE_SECONDS = 30;

/** Added to the ID-token lifetime to get publish_until: covers the cache above and clock skew. */
export const RETIRED_KEY_GRACE_SECONDS = 300;

export type SigningKeyServiceOptions = {
  db: Db;
  keyEncryptionKey: Buffer;
  idTokenTtlSeconds: number;
  now?: () => Date;
  cacheSeconds?: number;
};

export type SigningKeyService = {
  ensureKeys(siteId: string): Promise<void>;
  jwks(siteId: string): Promise<{ keys: JWK[] }>;
  rotate(siteId: string, alg?: SigningAlg): Promise<RotationResult[]>;
  signJwt(
    siteId: string,
    alg: SigningAlg,
    claims: JWTPayload,
    options: { expiresInSeconds: number; typ?: string },
  ): Promise<string>;
};

type Signer = { kid: string; key: SigningKeyHandle };

function isComplete(live: readonly SigningKeyRow[]): boolean {
  return SIGNING_ALGS.every(
    (alg) =>
      live.some((k) => k.alg === alg && k.state === 'current') && live.some((k) => k.alg === alg && k.state === 'next'),
  );
}

export function createSigningKeyService(options: SigningKeyServiceOptions): SigningKeyService {
  const { db, keyEncryptionKey, idTokenTtlSeconds } = options;
  const now = options.now ?? (() => new Date());
  const cacheSeconds = options.cacheSeconds ?? KEY_STATE_CACHE_SECONDS;
  if (keyEncryptionKey.length !== 32) throw new RangeError('keyEncryptionKey must be 32 bytes');
  if (!(idTokenTtlSeconds > 0)) throw new RangeError('idTokenTtlSeconds must be positive');
  if (!(cacheSeconds >= 0 && cacheSeconds < RETIRED_KEY_GRACE_SECONDS)) {
    throw new RangeError(`cacheSeconds must be in [0, ${RETIRED_KEY_GRACE_SECONDS})`);
  }

  // Which key is current, per (site, alg), for at most cacheSeconds; a promise, so that
  // concurrent requests share one database read.
  const currentSigners = new Map<string, { expiresAt: number; signer: Promise<Signer> }>();
  // Decrypted private keys by kid: a kid's key material never changes, so these never go stale.
  const privateKeys = new Map<string, Promise<SigningKeyHandle>>();

  function context(): RotationContext {
    return { keyEncryptionKey, now: now(), retiredPublishSeconds: idTokenTtlSeconds + RETIRED_KEY_GRACE_SECONDS };
  }

  type LockedStep<T> = (trx: Transaction<Database>, live: SigningKeyRow[]) => Promise<T>;
  async function underSiteLock<T>(siteId: string, step: LockedStep<T>): Promise<T> {
    const result = await db.transaction().execute(async (trx) => {
      await lockSiteSigningKeys(trx, siteId);
      return step(trx, await listLiveSigningKeys(trx, siteId));
    });
    // Changes made here take effect here at once; other instances follow within cacheSeconds.
    for (const alg of SIGNING_ALGS) currentSigners.delete(`${siteId} ${alg}`);
    return result;
  }

  async function ensureKeys(siteId: string): Promise<void> {
    // Fast path without the lock: nearly every call finds the keys in place.
    if (isComplete(await listLiveSigningKeys(db, siteId))) return;
    await underSiteLock(siteId, async (trx, live) => {
      const ctx = context();
      for (const alg of SIGNING_ALGS) await ensureAlgKeys(trx, siteId, alg, live, ctx);
    });
  }

  async function rotate(siteId: string, alg?: SigningAlg): Promise<RotationResult[]> {
    return underSiteLock(siteId, async (trx, live) => {
      const ctx = context();
      const results: RotationResult[] = [];
      for (const each of alg ? [alg] : SIGNING_ALGS) results.push(await rotateAlg(trx, siteId, each, live, ctx));
      return results;
    });
  }

  async function jwks(siteId: string): Promise<{ keys: JWK[] }> {
    const rows = await listPublishableSigningKeys(db, siteId, now());
    return { keys: rows.map((row) => toPublicJwk(row.public_jwk, row.kid, row.alg)) };
  }

  function privateKey(row: SigningKeyRow): Promise<SigningKeyHandle> {
    let key = privateKeys.get(row.kid);
    if (!key) {
      key = importPrivateKey(keyEncryptionKey, row);
      privateKeys.set(row.kid, key);
      key.catch(() => privateKeys.delete(row.kid));
    }
    return key;
  }

  async function loadSigner(siteId: string, alg: SigningAlg): Promise<Signer> {
    let row = await findCurrentSigningKey(db, siteId, alg);
    if (!row) {
      await ensureKeys(siteId);
      row = await findCurrentSigningKey(db, siteId, alg);
    }
    if (!row) throw new Error(`site ${siteId} has no current ${alg} signing key`);
    return { kid: row.kid, key: await privateKey(row) };
  }

  function currentSigner(siteId: string, alg: SigningAlg): Promise<Signer> {
    const cacheKey = `${siteId} ${alg}`;
    const at = now().getTime();
    const cached = currentSigners.get(cacheKey);
    if (cached && cached.expiresAt > at) return cached.signer;
    const signer = loadSigner(siteId, alg);
    currentSigners.set(cacheKey, { expiresAt: at + cacheSeconds * 1000, signer });
    signer.catch(() => {
      if (currentSigners.get(cacheKey)?.signer === signer) currentSigners.delete(cacheKey);
    });
    return signer;
  }

  async function signJwt(
    siteId: string,
    alg: SigningAlg,
    claims: JWTPayload,
    { expiresInSeconds, typ = 'JWT' }: { expiresInSeconds: number; typ?: string },
  ): Promise<string> {
    // publish_until is derived from idTokenTtlSeconds; a longer-lived token could outlive its key
    // in the JWKS and become unverifiable.
    if (!Number.isInteger(expiresInSeconds) || expiresInSeconds <= 0 || expiresInSeconds > idTokenTtlSeconds) {
      throw new RangeError(`expiresInSeconds must be an integer in [1, ${idTokenTtlSeconds}]`);
    }
    const { kid, key } = await currentSigner(siteId, alg);
    const iat = Math.floor(now().getTime() / 1000);
    // RFC 7515 4.1.4: kid names the JWKS entry; RFC 7519 5.1: typ JWT, or the explicit type of
    // another kind of token (Back-Channel Logout 1.0 2.4: logout+jwt), so one is never taken for the other.
    return new SignJWT(claims)
      .setProtectedHeader({ alg, kid, typ })
      .setIssuedAt(iat)
      .setExpirationTime(iat + expiresInSeconds)
      .sign(key);
  }

  return { ensureKeys, jwks, rotate, signJwt };
}
