// Ending everything a person is signed in with, at every school: an identity is shared by every
// school (one e-mail, one password), so a reset password ends its browser sessions and grants
// everywhere, not only where the reset was asked.
import type { Db } from '../database.ts';
import { revokeGrants } from './oauth-grants.ts';

/** Ends the person's browser sessions at every school, but `keepSessionId`. @returns how many */
export async function endSessionsOfPerson(db: Db, personId: string, keepSessionId?: string): Promise<number> {
  let query = db
    .updateTable('oauth_sessions')
    .set({ revoked_at: new Date() })
    .where('person_id', '=', personId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '<>', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Ends the person's grants at every school, with their access and refresh tokens. @returns the grants ended */
export async function revokeGrantsOfPerson(db: Db, personId: string, reason: string): Promise<string[]> {
  const grants = await db
    .selectFrom('oauth_grants')
    .select('id')
    .where('person_id', '=', personId)
    .where('revoked_at', 'is', null)
    .execute();
  const ended = grants.map((g) => g.id);
  await revokeGrants(db, ended, reason);
  return ended;
}

/** Sets the person's password, replacing any. */
export async function setPassword(db: Db, personId: string, passwordHash: string): Promise<void> {
  await db
    .insertInto('credentials')
    .values({ person_id: personId, password_hash: passwordHash })
    .onConflict((oc) => oc.column('person_id').doUpdateSet({ password_hash: passwordHash }))
    .execute();
}
