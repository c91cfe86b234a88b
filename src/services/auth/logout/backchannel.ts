// OpenID Connect Back-Channel Logout 1.0 (/auth.md "Signing out"): when a browser session ends
// (the sessions page, RP-Initiated Logout, the sign-out button), every client that session issued an
// ID token to and that registered a `backchannel_logout_uri` gets a logout token. The messages are
// written to the outbox in the transaction that ends the session (DESIGN habit 18), so a session
// that stays live sends nothing and one that ended is never forgotten; the outbox worker delivers
// them with retries (backchannel-sender.ts).
import type { Db } from '../../../db/database.ts';
import { listBackchannelTargets, recordSessionClient } from '../../../db/repositories/oauth-session-clients.ts';
import { enqueueOutboxMessage } from '../../outbox/outbox.ts';

/** What a queued logout names: the client (its row), the session (`sid`) and the person (`sub`). */
export type BackchannelLogoutPayload = { clientRowId: string; sessionId: string; personId: string };

/** Back-Channel Logout 1.0 2.7: the session issued an ID token to this client, so it is told when the session ends. */
export function noteSessionSignedInTo(db: Db, sessionId: string, clientRowId: string): Promise<void> {
  return recordSessionClient(db, sessionId, clientRowId);
}

/** Queues one logout token per (ended session, client with a back-channel URI); pass the transaction that ended them. */
export async function enqueueBackchannelLogouts(
  db: Db,
  ended: { siteId: string; personId: string; sessionIds: readonly string[] },
): Promise<number> {
  const targets = await listBackchannelTargets(db, ended.sessionIds);
  for (const target of targets) {
    const payload: BackchannelLogoutPayload = {
      clientRowId: target.client_row_id,
      sessionId: target.session_id,
      personId: ended.personId,
    };
    await enqueueOutboxMessage(db, { siteId: ended.siteId, kind: 'backchannel_logout', payload });
  }
  return targets.length;
}
