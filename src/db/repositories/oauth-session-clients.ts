// SQL for the clients each browser session issued an ID token to (migration
// 2026-12-06T0401-sessions-and-logout): who receives a logout token when the session ends.
import type { Db } from '../database.ts';

/** Records that `sessionId` signed in to the client; once per pair, whoever records it concurrently. */
export async function recordSessionClient(db: Db, sessionId: string, clientRowId: string): Promise<void> {
  await db
    .insertInto('oauth_session_clients')
    .values({ session_id: sessionId, client_row_id: clientRowId })
    .onConflict((oc) => oc.columns(['session_id', 'client_row_id']).doNothing())
    .execute();
}

/** The (session, client) pairs of these sessions whose client registered a back-channel logout URI. */
export async function listBackchannelTargets(
  db: Db,
  sessionIds: readonly string[],
): Promise<Array<{ session_id: string; client_row_id: string }>> {
  if (sessionIds.length === 0) return [];
  return db
    .selectFrom('oauth_session_clients as sc')
    .innerJoin('oauth_clients as c', 'c.id', 'sc.client_row_id')
    .select(['sc.session_id', 'sc.client_row_id'])
    .where('sc.session_id', 'in', sessionIds)
    .where('c.backchannel_logout_uri', 'is not', null)
    .orderBy('sc.session_id')
    .orderBy('sc.client_row_id')
    .execute();
}
