// The one-time messages of the areas (migration 2026-12-06T1101-area-flashes): stored, then read
// and deleted in one statement, so two reloads racing each other cannot both show a secret.
import type { Db } from '../database.ts';

export async function insertAreaFlash(
  db: Db,
  row: { id: string; sessionId: string; payload: string; expiresAt: Date },
): Promise<void> {
  // The session's expired messages go with each new one: nothing else reads them.
  await db
    .deleteFrom('area_flashes')
    .where('session_id', '=', row.sessionId)
    .where('expires_at', '<=', new Date())
    .execute();
  await db
    .insertInto('area_flashes')
    .values({ id: row.id, session_id: row.sessionId, payload: row.payload, expires_at: row.expiresAt })
    .execute();
}

/** Deletes the message and returns its payload, once; undefined when it was shown, expired or is another session's. */
export async function takeAreaFlash(db: Db, id: string, sessionId: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('area_flashes')
    .where('id', '=', id)
    .where('session_id', '=', sessionId)
    .returning(['payload', 'expires_at'])
    .executeTakeFirst();
  return row && row.expires_at.getTime() > Date.now() ? row.payload : undefined;
}
