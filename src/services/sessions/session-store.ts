// The store behind browser sessions (sign-in page, authorization endpoint, admin and account
// areas): a random token whose hash alone is kept, with the session's school, person and end.
// Cookies and CSRF tokens are the pages' business (services/sessions/browser-sessions.ts); this module owns the rows,
// so no page reaches the repository (DESIGN habit 4).
import type { Db } from '../../db/database.ts';
import {
  findActiveSession,
  insertSession,
  revokeSession,
  type SessionRow,
} from '../../db/repositories/oauth-sessions.ts';
import { hashSecret, randomSecret, TOKEN_PREFIX } from '../../lib/secrets.ts';

export type { SessionRow };

export function createSessionStore(db: Db, sessionTtlSeconds: number) {
  return {
    ttlSeconds: sessionTtlSeconds,

    /** The live session this token opens at the school; undefined when unknown, revoked or expired. */
    async find(siteId: string, token: string): Promise<SessionRow | undefined> {
      return findActiveSession(db, siteId, hashSecret(token));
    },

    /** A brand-new session: a fresh token at every sign-in, so no session id is ever fixed in advance. */
    async start(
      siteId: string,
      personId: string,
      meta: { userAgent: string | null; ip: string | null },
    ): Promise<{ row: SessionRow; token: string }> {
      const token = randomSecret(TOKEN_PREFIX.session);
      const expiresAt = new Date(Date.now() + sessionTtlSeconds * 1000);
      const row = await insertSession(db, {
        tokenHash: hashSecret(token),
        siteId,
        personId,
        expiresAt,
        userAgent: meta.userAgent,
        ip: meta.ip,
      });
      return { row, token };
    },

    async end(token: string): Promise<void> {
      await revokeSession(db, hashSecret(token));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
