// When a webhook endpoint was disabled: the admin area shows it beside the reason ("disabled
// since"), and the audit log cannot answer it cheaply (its only index is by school and time).
// Endpoints disabled before this migration take the time of their latest `webhook_endpoint.disabled`
// audit entry, or their last change when there is none. Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table webhook_endpoints add column disabled_at timestamptz`.execute(db);
  await sql`update webhook_endpoints w set disabled_at = coalesce(
      (select max(a.created_at) from audit_events a
        where a.site_id = w.site_id and a.action = 'webhook_endpoint.disabled'
          and a.target_type = 'webhook_endpoint' and a.target_id = w.id::text),
      w.updated_at)
    where w.status = 'disabled'`.execute(db);
  // Like disabled_reason: set exactly while disabled, so a stale time is never shown.
  await sql`alter table webhook_endpoints add constraint webhook_endpoints_disabled_at
    check ((status = 'disabled') = (disabled_at is not null))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table webhook_endpoints drop constraint if exists webhook_endpoints_disabled_at`.execute(db);
  await sql`alter table webhook_endpoints drop column if exists disabled_at`.execute(db);
}
