// SQL for the audit log: who did what, when, from where.
import type { Db } from '../database.ts';

export type AuditEvent = {
  siteId: string | null;
  actorPersonId?: string | null;
  actorClientId?: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
  ip?: string | null;
};

/** Several events in one statement (the audit log's group commit, services/audit.ts). */
export async function insertAuditEvents(db: Db, events: readonly AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('audit_events')
    .values(
      events.map((event) => ({
        site_id: event.siteId,
        actor_person_id: event.actorPersonId ?? null,
        actor_client_id: event.actorClientId ?? null,
        action: event.action,
        target_type: event.targetType ?? null,
        target_id: event.targetId ?? null,
        details: JSON.stringify(event.details ?? {}),
        ip: event.ip ?? null,
      })),
    )
    .execute();
}
