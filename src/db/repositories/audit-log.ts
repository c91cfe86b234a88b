// SQL for reading the audit log in the admin area, newest first, one keyset page at a
// time (pagination/keyset.ts).
import type { Db } from '../database.ts';
import { columnKey, keyset, type KeysetPage } from '../pagination/keyset.ts';

export type AuditLogRow = {
  id: string;
  action: string;
  actor_email: string | null;
  actor_client_id: string | null;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  created_at: Date;
  /** created_at as ISO 8601 UTC with microseconds: the cursor's time. */
  t: string;
};

export async function listAuditEvents(db: Db, siteId: string, page: KeysetPage): Promise<AuditLogRow[]> {
  const keyed = keyset(columnKey('a.created_at', 'time'), 'a.id', page);
  let query = db
    .selectFrom('audit_events as a')
    .leftJoin('people as p', 'p.id', 'a.actor_person_id')
    .select([
      'a.id',
      'a.action',
      'p.email as actor_email',
      'a.actor_client_id',
      'a.target_type',
      'a.target_id',
      'a.details',
      'a.ip',
      'a.created_at',
      keyed.value.as('t'),
    ])
    .where('a.site_id', '=', siteId);
  if (keyed.after) query = query.where(keyed.after);
  return query
    .orderBy(keyed.orderBy)
    .limit(page.limit + 1)
    .execute() as Promise<AuditLogRow[]>;
}
