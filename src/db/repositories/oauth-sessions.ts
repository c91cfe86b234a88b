// SQL for browser sign-in sessions. The cookie holds a random token; only its hash is stored.
import type { Db } from '../database.ts';

export type SessionRow = {
  id: string;
  site_id: string;
  person_id: string;
  auth_time: Date;
  expires_at: Date;
  last_seen_at: Date | null;
};

const SESSION_COLUMNS = ['id', 'site_id', 'person_id', 'auth_time', 'expires_at', 'last_seen_at'] as const;

/** A live session as the person's session list shows it (no token hash). */
export type ListedSessionRow = {
  id: string;
  created_at: Date;
  last_seen_at: Date | null;
  expires_at: Date;
  user_agent: string | null;
  ip: string | null;
};

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
    .returning(SESSION_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function findActiveSession(db: Db, siteId: string, tokenHash: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('oauth_sessions')
    .select(SESSION_COLUMNS)
    .where('token_hash', '=', tokenHash)
    .where('site_id', '=', siteId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

/** The live sessions of a person at a school, most recently used first (bounded: a person has few). */
export async function listLiveSessions(
  db: Db,
  siteId: string,
  personId: string,
  limit: number,
): Promise<ListedSessionRow[]> {
  return db
    .selectFrom('oauth_sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'user_agent', 'ip'])
    .where('site_id', '=', siteId)
    .where('person_id', '=', personId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy((eb) => eb.fn.coalesce('last_seen_at', 'created_at'), 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Ends live sessions of one person at one school: the one named by `sessionId`, or every one but
 * `exceptId` (undefined: all). Returns the ids it ended, each once, whoever ran concurrently.
 */
export async function revokePersonSessions(
  db: Db,
  siteId: string,
  personId: string,
  which: { sessionId: string } | { exceptId: string | undefined },
): Promise<string[]> {
  let query = db
    .updateTable('oauth_sessions')
    .set({ revoked_at: new Date() })
    .where('site_id', '=', siteId)
    .where('person_id', '=', personId)
    .where('revoked_at', 'is', null);
  if ('sessionId' in which) query = query.where('id', '=', which.sessionId);
  else if (which.exceptId !== undefined) query = query.where('id', '<>', which.exceptId);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}

/** Ends the session of this token; returns its id when this call ended it. */
export async function revokeSession(db: Db, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .updateTable('oauth_sessions')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Records use of the session, unless another request recorded it since `staleBefore` (one write per window). */
export async function touchSession(db: Db, sessionId: string, staleBefore: Date): Promise<void> {
  await db
    .updateTable('oauth_sessions')
    .set({ last_seen_at: new Date() })
    .where('id', '=', sessionId)
    .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', staleBefore)]))
    .execute();
}

/** Ends every live session of the person at every school (a new password); returns each ended one with its school. */
export async function revokeSessionsEverywhere(
  db: Db,
  personId: string,
  keepSessionId?: string,
): Promise<Array<{ id: string; site_id: string }>> {
  let query = db
    .updateTable('oauth_sessions')
    .set({ revoked_at: new Date() })
    .where('person_id', '=', personId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '<>', keepSessionId);
  return query.returning(['id', 'site_id']).execute();
}
