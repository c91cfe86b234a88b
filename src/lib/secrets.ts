// Random secrets and their stored form. Every secret this service hands out (codes, tokens,
// session ids, client secrets) is 256 bits from the CSPRNG, so a fast SHA-256 is a safe at-rest
// form (no dictionary to attack) and lookups stay one indexed equality (secrets at rest as hashes only).
import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A prefixed random token, e.g. `sca_…` for access tokens; the prefix helps secret scanners. */
export function randomSecret(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

// crypto.hash, the one-shot digest: a third of createHash's cost, and every request hashes its token.
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'base64url');
}

/**
 * Whether `secret` is the one whose stored form (hashSecret) is `storedHash`, in constant time: both
 * sides are SHA-256 digests of one length, so they are compared as they are, one digest instead of
 * constantTimeEqual's three (client authentication runs on every token and introspection request).
 */
export function secretMatchesHash(secret: string, storedHash: string): boolean {
  const presented = hash('sha256', secret, 'buffer');
  const stored = Buffer.from(storedHash, 'base64url');
  return stored.length === presented.length && timingSafeEqual(presented, stored);
}

/** Constant-time equality of two strings (compares fixed-length digests, so lengths don't leak). */
export function constantTimeEqual(a: string, b: string): boolean {
  const da = hash('sha256', a, 'buffer');
  const db = hash('sha256', b, 'buffer');
  return timingSafeEqual(da, db);
}

export function hmac(key: string, message: string): string {
  return createHmac('sha256', key).update(message, 'utf8').digest('base64url');
}

/**
 * Token prefixes by kind: one place, so scanners and log masking can rely on them. Every secret the
 * service hands out is minted here with its prefix, one-time links' secrets included (an invitation's
 * `/account/invitations/sci_…`): the request log masks any value carrying one of these prefixes
 * wherever it appears in a URL (docs/operations.md "Reading the logs"), so a new link family declares its prefix here.
 */
export const TOKEN_PREFIX = {
  accessToken: 'sca',
  refreshToken: 'scr',
  authorizationCode: 'scc',
  session: 'scs',
  clientSecret: 'scsec',
  csrf: 'scx',
  invitation: 'sci',
  passwordReset: 'scp',
  emailLink: 'sce',
} as const;

/** A value minted with one of TOKEN_PREFIX's prefixes, wherever it stands in a text (longest prefix first). */
export const PREFIXED_SECRET = new RegExp(
  `(${Object.values(TOKEN_PREFIX)
    .sort((a, b) => b.length - a.length)
    .join('|')})_[A-Za-z0-9_-]{16,}`,
  'g',
);
