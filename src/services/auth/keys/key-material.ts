// Key pairs, kids and the public JWK form of the schools' signing keys, through jose.
// ES256 is P-256 (RFC 7518 3.4); RS256 uses 2048-bit moduli, the minimum RFC 7518 3.3 allows.
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { SigningAlg } from '../../../db/schema-oauth.ts';
import { decryptJson, encryptJson } from '../../../lib/key-encryption.ts';

export const SIGNING_ALGS: readonly SigningAlg[] = ['ES256', 'RS256'];

/** A signing key as stored: public JWK in clear, private JWK encrypted under the KEK. */
export type GeneratedSigningKey = {
  kid: string;
  alg: SigningAlg;
  publicJwk: JWK;
  privateJwkCiphertext: string;
};

/** What SignJWT accepts; an imported EC or RSA private key is a non-extractable CryptoKey. */
export type SigningKeyHandle = CryptoKey | Uint8Array;

// RFC 7517 6.2.1 / 6.3.1: the members of a public EC / RSA key. Anything else (d, p, q, dp, dq,
// qi, oth) is private and never leaves through the JWKS, even if a stored row held it.
const PUBLIC_MEMBERS: Record<string, readonly string[]> = {
  EC: ['kty', 'crv', 'x', 'y'],
  RSA: ['kty', 'n', 'e'],
};

/** Random, URL-safe, 72 bits: unguessable and unique in practice; the primary key checks it. */
export function newKid(alg: SigningAlg): string {
  return `${alg.toLowerCase()}-${randomBytes(9).toString('base64url')}`;
}

export async function generateSigningKey(alg: SigningAlg, keyEncryptionKey: Buffer): Promise<GeneratedSigningKey> {
  const kid = newKid(alg);
  const options = alg === 'RS256' ? { modulusLength: 2048, extractable: true } : { extractable: true };
  const { publicKey, privateKey } = await generateKeyPair(alg, options);
  const privateJwk = await exportJWK(privateKey);
  return {
    kid,
    alg,
    publicJwk: toPublicJwk(await exportJWK(publicKey), kid, alg),
    // The kid is authenticated data: a ciphertext copied onto another row will not decrypt.
    privateJwkCiphertext: encryptJson(keyEncryptionKey, privateJwk, kid),
  };
}

/** The JWKS entry for a key: public members only, plus kid, alg and use (RFC 7517 4.2-4.5). */
export function toPublicJwk(jwk: Record<string, unknown>, kid: string, alg: SigningAlg): JWK {
  const members = PUBLIC_MEMBERS[String(jwk.kty)];
  if (!members) throw new Error(`signing key ${kid}: unsupported kty ${String(jwk.kty)}`);
  const result: Record<string, unknown> = {};
  for (const member of members) {
    if (typeof jwk[member] !== 'string') throw new Error(`signing key ${kid}: public member ${member} missing`);
    result[member] = jwk[member];
  }
  return { ...result, kid, alg, use: 'sig' };
}

/** Decrypts and imports a stored private key, ready for SignJWT. */
export async function importPrivateKey(
  keyEncryptionKey: Buffer,
  row: { kid: string; alg: SigningAlg; private_jwk_ciphertext: string },
): Promise<SigningKeyHandle> {
  const jwk = decryptJson(keyEncryptionKey, row.private_jwk_ciphertext, row.kid) as JWK;
  // Not extractable: the in-memory cache holds a key that can sign but cannot be exported.
  return importJWK(jwk, row.alg, { extractable: false });
}
