import { describe, expect, it } from 'vitest';
import { constantTimeEqual, hashSecret, randomSecret, secretMatchesHash } from './secrets.ts';

describe('secrets (stored only as hashes)', () => {
  it('makes 256-bit prefixed tokens that never repeat', () => {
    const a = randomSecret('sca');
    expect(a).toMatch(/^sca_[A-Za-z0-9_-]{43}$/);
    expect(randomSecret('sca')).not.toBe(a);
  });

  it('hashes deterministically without containing the secret', () => {
    const secret = randomSecret('scr');
    expect(hashSecret(secret)).toBe(hashSecret(secret));
    expect(hashSecret(secret)).not.toContain(secret.slice(4, 20));
  });

  it('compares in constant time, including different lengths', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
  });

  it('matches a secret against its stored hash only, and nothing that is not a stored hash', () => {
    const secret = randomSecret('scsec');
    const stored = hashSecret(secret);
    expect(secretMatchesHash(secret, stored)).toBe(true);
    expect(secretMatchesHash(randomSecret('scsec'), stored)).toBe(false);
    expect(secretMatchesHash(`${secret} `, stored)).toBe(false);
    expect(secretMatchesHash(stored, stored)).toBe(false); // the stored form is not a credential
    expect(secretMatchesHash(secret, stored.slice(0, -1))).toBe(false);
    expect(secretMatchesHash(secret, `${stored}AA`)).toBe(false);
    expect(secretMatchesHash(secret, '')).toBe(false);
  });
});
