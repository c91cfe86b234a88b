// /webhooks.md "History" and "Pace": every attempt of a delivery is kept (its time,
// duration, status, error class and the first 4 KB of the receiver's answer, never its headers),
// deleted with its delivery by the purge job's retention (the foreign key cascades). A receiver
// sets the pace: a 429 or 503 with Retry-After pauses its endpoint until then (`paused_until`)
// and is counted on the delivery (`postponements`) instead of as a failure; an endpoint may cap
// its deliveries a second (`max_deliveries_per_second`), which the claim counts by
// `last_attempt_at`. Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table webhook_delivery_attempts (
    id uuid primary key default uuid_v7(),
    delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
    attempted_at timestamptz not null default now(),
    duration_ms integer not null,
    -- The HTTP status; null when none arrived.
    response_code integer,
    -- dns, refused_address, connect, tls, timeout, http_status, signing, owner_standing; null on a 2xx.
    error_class text,
    -- The first 4 KB of the answer's body (decoded as UTF-8); null when none arrived.
    response_body text
  )`.execute(db);
  await sql`create index webhook_delivery_attempts_delivery on webhook_delivery_attempts (delivery_id, attempted_at)`.execute(
    db,
  );
  await sql`alter table webhook_deliveries add column postponements integer not null default 0`.execute(db);
  await sql`alter table webhook_endpoints add column paused_until timestamptz`.execute(db);
  await sql`alter table webhook_endpoints add column max_deliveries_per_second integer
    check (max_deliveries_per_second between 1 and 1000)`.execute(db);
  // The rate cap: an endpoint's attempts started within the last second.
  await sql`create index webhook_deliveries_recent_attempts on webhook_deliveries (endpoint_id, last_attempt_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists webhook_deliveries_recent_attempts`.execute(db);
  await sql`alter table webhook_endpoints drop column if exists max_deliveries_per_second`.execute(db);
  await sql`alter table webhook_endpoints drop column if exists paused_until`.execute(db);
  await sql`alter table webhook_deliveries drop column if exists postponements`.execute(db);
  await sql`drop table if exists webhook_delivery_attempts`.execute(db);
}
