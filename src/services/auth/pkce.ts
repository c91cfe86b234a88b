// PKCE (RFC 7636), S256 only (RFC 9700 2.1.1; /auth.md "3. Authorize"): plain would let a stolen code be redeemed.
import { createHash } from 'node:crypto';
import { constantTimeEqual } from '../../lib/secrets.ts';

/** RFC 7636 4.1: 43 to 128 characters of [A-Z a-z 0-9 - . _ ~]. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** base64url of a SHA-256 digest: exactly 43 characters. */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function isValidCodeChallenge(challenge: string): boolean {
  return CHALLENGE.test(challenge);
}

export function isValidCodeVerifier(verifier: string): boolean {
  return VERIFIER.test(verifier);
}

/** RFC 7636 4.6: BASE64URL(SHA256(ASCII(code_verifier))) == code_challenge. */
export function verifyPkce(verifier: string, challenge: string): boolean {
  if (!isValidCodeVerifier(verifier)) return false;
  const computed = createHash('sha256').update(verifier, 'ascii').digest('base64url');
  return constantTimeEqual(computed, challenge);
}
