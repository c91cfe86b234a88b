// Encryption at rest for the schools' private signing keys (signing_keys.private_jwk_ciphertext).
// AES-256-GCM (NIST SP 800-38D) with a fresh random 96-bit IV per value, the IV length GCM is
// specified for; the 128-bit tag authenticates the ciphertext, so a wrong key and a tampered
// value both fail loudly instead of yielding a garbled key. The format names its version but no
// key id: the deployment has one key-encryption key (KEY_ENCRYPTION_KEY).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const DEVELOPMENT_KEY_FILE = 'key-encryption.key';

export class KeyDecryptionError extends Error {
  override name = 'KeyDecryptionError';
}

function assertKey(key: Buffer): void {
  if (key.length !== KEY_BYTES)
    throw new RangeError(`key-encryption key must be ${KEY_BYTES} bytes, got ${key.length}`);
}

/**
 * Encrypts JSON-serialisable `value`; returns `v1.<iv>.<tag>.<ciphertext>` (base64url parts).
 * `associatedData` (e.g. the kid) is authenticated but not stored: the same value must be given
 * to decryptJson, which binds a ciphertext to its row.
 */
export function encryptJson(key: Buffer, value: unknown, associatedData?: string): string {
  assertKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  if (associatedData !== undefined) cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), data.toString('base64url')].join('.');
}

/** Reverses encryptJson; throws KeyDecryptionError on a wrong key, tampering or a bad format. */
export function decryptJson(key: Buffer, ciphertext: string, associatedData?: string): unknown {
  assertKey(key);
  const parts = ciphertext.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) {
    throw new KeyDecryptionError(`malformed ciphertext: expected ${VERSION}.<iv>.<tag>.<ciphertext>`);
  }
  const [, ivText, tagText, dataText] = parts as [string, string, string, string];
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new KeyDecryptionError(`malformed ciphertext: IV must be ${IV_BYTES} bytes and tag ${TAG_BYTES} bytes`);
  }
  let plaintext: string;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    if (associatedData !== undefined) decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    plaintext = Buffer.concat([decipher.update(Buffer.from(dataText, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    // GCM tag check failed: never say which, both mean "do not trust these bytes".
    throw new KeyDecryptionError('cannot decrypt: wrong key-encryption key, or the ciphertext was altered');
  }
  return JSON.parse(plaintext);
}

/**
 * Development only (KEY_ENCRYPTION_KEY unset outside production): the key kept in
 * `<dataDir>/key-encryption.key` as base64, created once with mode 0600 so that keys encrypted
 * by one run still decrypt in the next. Losing this file makes the stored signing keys useless.
 */
export function loadOrCreateDevelopmentKey(dataDir: string): Buffer {
  const file = path.join(dataDir, DEVELOPMENT_KEY_FILE);
  try {
    return readKeyFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    // 'wx' fails if another process created the file meanwhile; then that one's key wins.
    // A umask can only narrow 0600, never widen it.
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readKeyFile(file);
}

function readKeyFile(file: string): Buffer {
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== KEY_BYTES)
    throw new RangeError(`${file} must hold ${KEY_BYTES} bytes in base64, got ${key.length}`);
  return key;
}
