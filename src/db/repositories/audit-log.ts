// SQL for reading the audit log in the admin area, newest first, one keyset page at a
// time. The sort time leaves the database as text with microseconds: a JavaScript Date keeps
// milliseconds only, and a cursor rounded to them would skip or repeat rows.
import { sql } from 'kysely';
import type { Db } from '../database.ts';

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

export type AuditLogKey = { t: string; id: string };

export async function listAuditEvents(db: Db, siteId: string, page: { limit: number; before: AuditLogKey | null }): Promise<AuditLogRow[]> {
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
      sql<string>`to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('t'),
    ])
    .where('a.site_id', '=', siteId);
  if (page.before) query = query.where(sql<boolean>`(a.created_at, a.id) < (${page.before.t}::timestamptz, ${page.before.id}::uuid)`);
  return query.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(page.limit).execute();
}
