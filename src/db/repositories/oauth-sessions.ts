// SQL for browser sign-in sessions. The cookie holds a random token; only its hash is stored.
import type { Db } from '../database.ts';

export type SessionRow = { id: string; site_id: string; person_id: string; auth_time: Date; expires_at: Date };

export async function insertSession(
  db: Db,
  session: {
    tokenHash: string;
    siteId: string;
    personId: string;
    expiresAt: Date;
    userAgent: string | null;
    ip: string | null;
  },
): Promise<SessionRow> {
  return db
    .insertInto('oauth_sessions')
    .values({
      token_hash: session.tokenHash,
      site_id: session.siteId,
      person_id: session.personId,
      expires_at: session.expiresAt,
      user_agent: session.userAgent,
      ip: session.ip,
    })
    .returning(['id', 'site_id', 'person_id', 'auth_time', 'expires_at'])
    .executeTakeFirstOrThrow();
}

export async function findActiveSession(db: Db, siteId: string, tokenHash: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('oauth_sessions')
    .select(['id', 'site_id', 'person_id', 'auth_time', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('site_id', '=', siteId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db
    .updateTable('oauth_sessions')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}
