import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decryptJson, encryptJson, KeyDecryptionError, loadOrCreateDevelopmentKey } from './key-encryption.ts';

const key = randomBytes(32);
const value = { kty: 'EC', crv: 'P-256', d: 'secret-d-value', nested: [1, 'two', null] };

/** Flips one bit in the decoded bytes of part `index` of a v1 ciphertext. */
function tamper(ciphertext: string, index: number): string {
  const parts = ciphertext.split('.');
  const bytes = Buffer.from(parts[index]!, 'base64url');
  bytes[0] = bytes[0]! ^ 0x01;
  parts[index] = bytes.toString('base64url');
  return parts.join('.');
}

describe('encryptJson / decryptJson (AES-256-GCM)', () => {
  it('round-trips JSON in the v1.<iv>.<tag>.<ciphertext> format, without the plaintext in clear', () => {
    const ciphertext = encryptJson(key, value);
    expect(ciphertext).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(ciphertext).not.toContain('secret-d-value');
    expect(decryptJson(key, ciphertext)).toEqual(value);
  });

  it('uses a fresh random IV each time (NIST SP 800-38D 8.2: never reuse an IV under one key)', () => {
    const a = encryptJson(key, value);
    const b = encryptJson(key, value);
    expect(a.split('.')[1]).not.toEqual(b.split('.')[1]);
    expect(a).not.toEqual(b);
  });

  it('fails clearly with the wrong key', () => {
    const ciphertext = encryptJson(key, value);
    expect(() => decryptJson(randomBytes(32), ciphertext)).toThrow(KeyDecryptionError);
    expect(() => decryptJson(randomBytes(32), ciphertext)).toThrow(/wrong key-encryption key/);
  });

  it.each([
    ['IV', 1],
    ['tag', 2],
    ['ciphertext', 3],
  ])('fails when the %s was altered', (_part, index) => {
    const ciphertext = encryptJson(key, value);
    expect(() => decryptJson(key, tamper(ciphertext, index))).toThrow(KeyDecryptionError);
  });

  it('binds the ciphertext to its associated data when given', () => {
    const ciphertext = encryptJson(key, value, 'es256-abc');
    expect(decryptJson(key, ciphertext, 'es256-abc')).toEqual(value);
    expect(() => decryptJson(key, ciphertext, 'es256-other')).toThrow(KeyDecryptionError);
    expect(() => decryptJson(key, ciphertext)).toThrow(KeyDecryptionError);
  });

  it('rejects malformed values and keys of the wrong length', () => {
    expect(() => decryptJson(key, 'not-a-ciphertext')).toThrow(/malformed ciphertext/);
    expect(() => decryptJson(key, 'v2.a.b.c')).toThrow(/malformed ciphertext/);
    expect(() => decryptJson(key, 'v1.AAAA.AAAA.AAAA')).toThrow(/malformed ciphertext/);
    expect(() => encryptJson(randomBytes(16), value)).toThrow(/32 bytes/);
  });
});

describe('loadOrCreateDevelopmentKey', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kek-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('creates a 32-byte key readable only by its owner (mode 0600), then returns the same key', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const first = loadOrCreateDevelopmentKey(dataDir);
    expect(first).toHaveLength(32);
    expect(statSync(path.join(dataDir, 'key-encryption.key')).mode & 0o777).toBe(0o600);
    expect(loadOrCreateDevelopmentKey(dataDir).equals(first)).toBe(true);
  });

  it('reads an existing base64 key file and rejects one of the wrong length', () => {
    const dataDir = tempDir();
    const existing = randomBytes(32);
    writeFileSync(path.join(dataDir, 'key-encryption.key'), existing.toString('base64'));
    expect(loadOrCreateDevelopmentKey(dataDir).equals(existing)).toBe(true);
    writeFileSync(path.join(dataDir, 'key-encryption.key'), randomBytes(8).toString('base64'));
    expect(() => loadOrCreateDevelopmentKey(dataDir)).toThrow(/32 bytes/);
  });
});
