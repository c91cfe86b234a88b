// SQL for the audit log: who did what, when, from where.
import type { Db } from '../database.ts';
import { hotQuery } from '../hot-queries.ts';

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

// One prepared statement whatever the batch's size: a multi-row VALUES list is a new statement
// text for every count of rows, which PostgreSQL parses and plans each time (every token request
// writes an audit row, bench/FINDINGS.md "Refresh rotation").
const insertEvents = hotQuery(
  'insert_audit_events_v1',
  `insert into audit_events (site_id, actor_person_id, actor_client_id, action, target_type, target_id, details, ip)
    select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[], $8::text[])`,
);

/** Several events in one statement (the audit log's group commit, services/audit/audit-log.ts). */
export async function insertAuditEvents(db: Db, events: readonly AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  await insertEvents(db, [
    events.map((event) => event.siteId),
    events.map((event) => event.actorPersonId ?? null),
    events.map((event) => event.actorClientId ?? null),
    events.map((event) => event.action),
    events.map((event) => event.targetType ?? null),
    events.map((event) => event.targetId ?? null),
    events.map((event) => JSON.stringify(event.details ?? {})),
    events.map((event) => event.ip ?? null),
  ]);
}
