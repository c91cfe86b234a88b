// Browser sessions of the sign-in page, the authorization endpoint and the admin and account
// areas: a server-side row behind an HttpOnly cookie. A fresh session id is issued at every
// sign-in (no session fixation), and CSRF tokens are derived from it, so a form can only be
// posted by a page that this session rendered.
import { constantTimeEqual, hmac, randomSecret, TOKEN_PREFIX } from '../../lib/secrets.ts';
import type { Db } from '../../db/database.ts';
import type { SessionRow, SessionStore } from './session-store.ts';
import type { Site } from '../school/sites.ts';
import { buildCookie, clearCookie, csrfCookieName, readCookies, sessionCookieName } from './cookies.ts';

export type BrowserSession = SessionRow & { token: string };

export function createSessionService(store: SessionStore) {
  const sessionTtlSeconds = store.ttlSeconds;
  return {
    async current(site: Site, cookieHeader: string | string[] | undefined): Promise<BrowserSession | undefined> {
      const token = readCookies(cookieHeader)[sessionCookieName(site)];
      if (!token || !token.startsWith(`${TOKEN_PREFIX.session}_`)) return undefined;
      const row = await store.find(site.id, token);
      if (!row) return undefined;
      await store.seen(row);
      return { ...row, token };
    },

    async start(
      site: Site,
      personId: string,
      meta: { userAgent: string | null; ip: string | null },
    ): Promise<{ session: BrowserSession; cookie: string }> {
      const { row, token } = await store.start(site.id, personId, meta);
      return {
        session: { ...row, token },
        cookie: buildCookie(site, sessionCookieName(site), token, sessionTtlSeconds),
      };
    },

    async end(site: Site, session: BrowserSession | undefined): Promise<string> {
      if (session) await store.end(session, session.token);
      return clearCookie(site, sessionCookieName(site));
    },

    /** The person's live sessions at this school (/account/sessions), most recently used first. */
    list: (site: Site, personId: string) => store.list(site.id, personId),

    /** Ends one of the person's own sessions at this school; false when it was not live (or not theirs). */
    async endOne(site: Site, personId: string, sessionId: string): Promise<boolean> {
      return (await store.endOf(site.id, personId, { sessionId })).sessionIds.length > 0;
    },

    /**
     * Ends every session of the person at every school, with the logout tokens of their clients
     * (a password reset); pass the transaction of the change. Returns how many ended.
     */
    async endEverywhere(personId: string, trx?: Db, keepSessionId?: string): Promise<number> {
      const ended = await store.endEverywhere(personId, trx, keepSessionId);
      return ended.reduce((sum, each) => sum + each.sessionIds.length, 0);
    },

    /** Ends every session of the person at this school but `keep` (undefined: every one); returns how many. */
    async endAll(site: Site, personId: string, keep: BrowserSession | undefined): Promise<number> {
      return (await store.endOf(site.id, personId, { exceptId: keep?.id })).sessionIds.length;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

/** The purpose of the sign-out form's CSRF token: the sign-in page and the areas' chrome both post it. */
export const SIGN_OUT_CSRF_PURPOSE = 'sign-out';

/** CSRF token of a signed-in page: an HMAC of the session secret, checked in constant time. */
export function sessionCsrfToken(session: BrowserSession, purpose: string): string {
  return hmac(session.token, `csrf:${purpose}`);
}

export function verifySessionCsrfToken(
  session: BrowserSession,
  purpose: string,
  presented: string | undefined,
): boolean {
  return presented !== undefined && constantTimeEqual(sessionCsrfToken(session, purpose), presented);
}

/**
 * Before sign-in there is no session: the sign-in form uses a double-submit token, a random value
 * in a SameSite cookie that the form must repeat.
 */
export function preSessionCsrf(
  site: Site,
  cookieHeader: string | string[] | undefined,
): { token: string; cookie: string | undefined } {
  const existing = readCookies(cookieHeader)[csrfCookieName(site)];
  if (existing && existing.startsWith(`${TOKEN_PREFIX.csrf}_`)) return { token: existing, cookie: undefined };
  const token = randomSecret(TOKEN_PREFIX.csrf);
  return { token, cookie: buildCookie(site, csrfCookieName(site), token, 3600) };
}

export function verifyPreSessionCsrf(
  site: Site,
  cookieHeader: string | string[] | undefined,
  presented: string | undefined,
): boolean {
  const expected = readCookies(cookieHeader)[csrfCookieName(site)];
  return expected !== undefined && presented !== undefined && constantTimeEqual(expected, presented);
}
