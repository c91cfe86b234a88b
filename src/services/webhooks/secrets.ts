// Endpoint signing secrets (Standard Webhooks "Signature scheme": a random key of 24 to 64 bytes,
// shown base64-encoded with the `whsec_` prefix). A secret is shown once, when it is created or
// rotated in; at rest it is encrypted with the key-encryption key that protects the schools'
// signing keys (AES-256-GCM, bound to the secret row's id so that a ciphertext copied to another
// row does not decrypt).
import { randomBytes, randomUUID } from 'node:crypto';
import { decryptJson, encryptJson } from '../../lib/key-encryption.ts';

const SECRET_BYTES = 32;
export const SECRET_PREFIX = 'whsec_';

/**
 * How long a rotated-out secret keeps signing beside its successor, unless the rotation names
 * another overlap (OpenAPI WebhookSecretRotation `overlap_seconds`: 0, the old secret stops at
 * once, up to ROTATION_OVERLAP_MAX_SECONDS).
 */
export const ROTATION_OVERLAP_SECONDS = 24 * 60 * 60;
export const ROTATION_OVERLAP_MAX_SECONDS = 7 * 24 * 60 * 60;

export type SealedSecret = { id: string; secret: string; ciphertext: string };

export function newSecret(keyEncryptionKey: Buffer): SealedSecret {
  const id = randomUUID();
  const secret = `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
  return { id, secret, ciphertext: encryptJson(keyEncryptionKey, secret, `webhook-secret:${id}`) };
}

export function openSecret(keyEncryptionKey: Buffer, row: { id: string; secret_ciphertext: string }): string {
  const secret = decryptJson(keyEncryptionKey, row.secret_ciphertext, `webhook-secret:${row.id}`);
  if (typeof secret !== 'string') throw new TypeError('webhook secret ciphertext does not hold a string');
  return secret;
}
