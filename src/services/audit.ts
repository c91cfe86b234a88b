// The audit log (issue 9): grants, token issuance, revocations, client changes and sign-in
// failures, with who, what, when and from where. A failed audit write never fails the request
// it describes; it is logged instead.
import type { Db } from '../db/database.ts';
import { insertAuditEvent, type AuditEvent } from '../db/repositories/audit-events.ts';

export function createAuditLog(db: Db) {
  return {
    async record(event: AuditEvent, onError?: (error: unknown) => void): Promise<void> {
      try {
        await insertAuditEvent(db, event);
      } catch (error) {
        onError?.(error);
      }
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
