// One-time messages of the admin and account areas (post, then redirect; docs/security.md "Secrets
// shown once"): a form stores what its result page must show once (a new secret, a count), and
// redirects to that page with a random token; the page takes the message, which deletes it, so a
// reload or the back button shows "already shown" and never repeats the change. The database
// holds only the token's hash and the payload encrypted with a key derived from the token.
import { hkdfSync, randomBytes } from 'node:crypto';
import { insertAreaFlash, takeAreaFlash } from '../../db/repositories/area-flashes.ts';
import type { Db } from '../../db/database.ts';
import { decryptJson, encryptJson, KeyDecryptionError } from '../../lib/key-encryption.ts';
import { hashSecret } from '../../lib/secrets.ts';

/** Long enough to follow the redirect on a slow connection; a secret should not wait longer. */
export const AREA_FLASH_TTL_SECONDS = 600;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function keyOf(token: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(token, 'base64url'), Buffer.alloc(0), 'area flash v1', 32));
}

export function createAreaFlashes(db: Db) {
  return {
    /** Stores `value` for one display in `sessionId`; returns the token the redirect carries. */
    async put(sessionId: string, value: unknown): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await insertAreaFlash(db, {
        id: hashSecret(token),
        sessionId,
        payload: encryptJson(keyOf(token), value, sessionId),
        expiresAt: new Date(Date.now() + AREA_FLASH_TTL_SECONDS * 1000),
      });
      return token;
    },
    /** The message, once: undefined for a token shown before, expired, of another session or malformed. */
    async take(sessionId: string, token: unknown): Promise<unknown> {
      if (typeof token !== 'string' || !TOKEN.test(token)) return undefined;
      const payload = await takeAreaFlash(db, hashSecret(token), sessionId);
      if (payload === undefined) return undefined;
      try {
        return decryptJson(keyOf(token), payload, sessionId);
      } catch (error) {
        if (error instanceof KeyDecryptionError) return undefined;
        throw error;
      }
    },
  };
}

export type AreaFlashes = ReturnType<typeof createAreaFlashes>;
