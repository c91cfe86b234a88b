// The store behind browser sessions (sign-in page, authorization endpoint, admin and account
// areas): a random token whose hash alone is kept, with the session's school, person and end.
// Cookies and CSRF tokens are the pages' business (services/sessions/browser-sessions.ts); this module owns the rows,
// so no page reaches the repository (DESIGN habit 4).
import type { Db } from '../../db/database.ts';
import {
  findActiveSession,
  insertSession,
  listLiveSessions,
  revokePersonSessions,
  revokeSession,
  revokeSessionsEverywhere,
  touchSession,
  type ListedSessionRow,
  type SessionRow,
} from '../../db/repositories/oauth-sessions.ts';
import { hashSecret, randomSecret, TOKEN_PREFIX } from '../../lib/secrets.ts';
import { enqueueBackchannelLogouts } from '../auth/logout/backchannel.ts';

export type { ListedSessionRow, SessionRow };

/** /auth.md "Signing out": "last seen" is exact to this window, so a session costs one write per window, not one per request. */
export const LAST_SEEN_WINDOW_SECONDS = 300;

/** The most sessions the person's session list shows (sign-in is rate limited, so few are ever live). */
export const LISTED_SESSIONS_LIMIT = 100;

/** What ended: the school, the person and the ids of the sessions this call ended. */
export type EndedSessions = { siteId: string; personId: string; sessionIds: string[] };

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

    /** Records that the session was used now, at most once per window (the row's last_seen_at decides). */
    async seen(row: SessionRow): Promise<void> {
      const staleBefore = new Date(Date.now() - LAST_SEEN_WINDOW_SECONDS * 1000);
      if (row.last_seen_at && row.last_seen_at >= staleBefore) return;
      await touchSession(db, row.id, staleBefore);
    },

    /**
     * Ends the session of this token; in the same transaction, the logout tokens of the clients it
     * signed in to are queued (Back-Channel Logout 1.0; services/auth/logout/backchannel.ts).
     */
    async end(row: SessionRow, token: string): Promise<string | undefined> {
      return db.transaction().execute(async (trx) => {
        const id = await revokeSession(trx, hashSecret(token));
        if (id)
          await enqueueBackchannelLogouts(trx, { siteId: row.site_id, personId: row.person_id, sessionIds: [id] });
        return id;
      });
    },

    list(siteId: string, personId: string): Promise<ListedSessionRow[]> {
      return listLiveSessions(db, siteId, personId, LISTED_SESSIONS_LIMIT);
    },

    /** Ends one of the person's sessions, or all but one (`exceptId`), or all; only ever their own, at this school. */
    async endOf(
      siteId: string,
      personId: string,
      which: { sessionId: string } | { exceptId: string | undefined },
    ): Promise<EndedSessions> {
      return db.transaction().execute(async (trx) => {
        const ended = { siteId, personId, sessionIds: await revokePersonSessions(trx, siteId, personId, which) };
        await enqueueBackchannelLogouts(trx, ended);
        return ended;
      });
    },

    /**
     * Ends every session of the person at every school (a password was reset: a password belongs to
     * the identity, not to one school), queueing the logout tokens of each school's clients.
     * Pass the caller's transaction to end them together with the change that asks for it.
     */
    async endEverywhere(personId: string, trx: Db = db, keepSessionId?: string): Promise<EndedSessions[]> {
      const run = async (tx: Db) => {
        const bySite = new Map<string, string[]>();
        for (const row of await revokeSessionsEverywhere(tx, personId, keepSessionId))
          bySite.set(row.site_id, [...(bySite.get(row.site_id) ?? []), row.id]);
        const ended = [...bySite].map(([siteId, sessionIds]) => ({ siteId, personId, sessionIds }));
        for (const each of ended) await enqueueBackchannelLogouts(tx, each);
        return ended;
      };
      return trx === db ? db.transaction().execute(run) : run(trx);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
