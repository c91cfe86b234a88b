// The audit log: grants, token issuance, revocations, client changes and sign-in
// failures, with who, what, when and from where. A failed audit write never fails the request
// it describes; it is logged instead. Events recorded while an insert is in flight go together in
// the next one (group-commit.ts): every request still waits for its own row to be written.
import type { Db } from '../../db/database.ts';
import { insertAuditEvents, type AuditEvent } from '../../db/repositories/audit-events.ts';
import { createGroupCommit } from '../../lib/group-commit.ts';

/** What one audit entry records; callers build it, the log writes it. */
export type { AuditEvent };

export function createAuditLog(db: Db) {
  // Resolves to each event's failure by position (undefined where it was written).
  const insert = createGroupCommit(async (_key: string, events: AuditEvent[]): Promise<unknown[]> => {
    try {
      await insertAuditEvents(db, events);
      return [];
    } catch (error) {
      // One bad event must not take the others of its batch with it.
      if (events.length === 1) return [error];
      const single = await Promise.allSettled(events.map((event) => insertAuditEvents(db, [event])));
      return single.map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as unknown) : undefined));
    }
  });

  return {
    async record(event: AuditEvent, onError?: (error: unknown) => void): Promise<void> {
      const { outcome: failures, position } = await insert('audit', event);
      const failure = failures[position - 1];
      if (failure !== undefined) onError?.(failure);
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
