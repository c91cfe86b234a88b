// Time-driven events and operator notices (docs/webhooks.md "Time-driven events", "Operators hear
// about failure"). An enrollment whose expires_at passed becomes `expired` in the one statement
// that announces it, so its status is the marker; those that lapsed before this migration are
// settled here without an event (a burst of stale enrollment.expired for old expiries would
// announce nothing new). A partial index keeps the sweep to the enrollments still running.
// Each notice about an endpoint marks the episode it told of: `failing_noticed_since` is the
// failing_since it reported, `disabled_noticed_at` the disabled_at; endpoints disabled before this
// migration count as told (the admin home page names them already). Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`update enrollments set status = 'expired' where status = 'active' and expires_at <= now()`.execute(db);
  await sql`create index enrollments_lapsing on enrollments (expires_at) where status = 'active'`.execute(db);
  await sql`alter table webhook_endpoints add column failing_noticed_since timestamptz`.execute(db);
  await sql`alter table webhook_endpoints add column disabled_noticed_at timestamptz`.execute(db);
  await sql`update webhook_endpoints set disabled_noticed_at = disabled_at where disabled_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table webhook_endpoints drop column if exists disabled_noticed_at`.execute(db);
  await sql`alter table webhook_endpoints drop column if exists failing_noticed_since`.execute(db);
  await sql`drop index if exists enrollments_lapsing`.execute(db);
}
