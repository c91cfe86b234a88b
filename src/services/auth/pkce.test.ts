import { describe, expect, it } from 'vitest';
import { isValidCodeChallenge, verifyPkce } from './pkce.ts';

describe('PKCE S256 (RFC 7636 4.6)', () => {
  // The example of RFC 7636 Appendix B.
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

  it('accepts the RFC 7636 Appendix B example', () => {
    expect(isValidCodeChallenge(challenge)).toBe(true);
    expect(verifyPkce(verifier, challenge)).toBe(true);
  });

  it('refuses a wrong, short, long or badly charactered verifier', () => {
    expect(verifyPkce(`${verifier.slice(0, -1)}x`, challenge)).toBe(false);
    expect(verifyPkce('short', challenge)).toBe(false);
    expect(verifyPkce('a'.repeat(129), challenge)).toBe(false);
    expect(verifyPkce(`${verifier.slice(0, -1)}+`, challenge)).toBe(false);
  });

  it('refuses a challenge that is not 43 base64url characters (plain is not supported)', () => {
    expect(isValidCodeChallenge(verifier.slice(0, 42))).toBe(false);
    expect(isValidCodeChallenge(`${challenge.slice(0, 42)}=`)).toBe(false);
  });
});
