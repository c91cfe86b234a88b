// The transactional outbox: a side effect that leaves the service (a mail, a back-channel logout) is
// written as a row in the same transaction as the change that causes it. A change that rolls back
// takes its message with it, so nothing is sent for it; a change that commits has its message
// committed too, so nothing is lost if the process dies before sending. The outbox worker
// (outbox-worker.ts) sends it afterwards, at least once.
import type { Db } from '../../db/database.ts';
import { insertOutboxMessage } from '../../db/repositories/outbox-messages.ts';
import type { OutboxKind } from './kinds.ts';

export type OutboxMessageInput = { siteId: string; kind: OutboxKind; payload: unknown };

/**
 * Writes `message` through `db`: pass the caller's transaction (kysely's Transaction is a Db), so the
 * message commits or rolls back with the change. @returns the message's id
 */
export function enqueueOutboxMessage(db: Db, message: OutboxMessageInput): Promise<string> {
  return insertOutboxMessage(db, message);
}
