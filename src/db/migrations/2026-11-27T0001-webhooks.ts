// Webhooks: endpoints a school registers, their signing secrets (encrypted, two live during a
// rotation's overlap), the transactional outbox of events, and one delivery per event and
// endpoint that is also the work queue (services/webhooks/claimer.ts). Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table webhook_endpoints (
    id uuid primary key default uuid_v7(),
    site_id uuid not null references sites (id) on delete cascade,
    url text not null,
    description text not null default '',
    -- A JSON array of event type names (the catalogue in services/webhooks/catalogue.ts).
    event_types jsonb not null,
    status text not null default 'enabled' check (status in ('enabled', 'disabled')),
    -- Why it is disabled: 'operator' (the API), 'gone' (the receiver answered 410), 'failing'.
    disabled_reason text check (disabled_reason in ('operator', 'gone', 'failing')),
    -- The payload version the subscription was made for; events are written in it.
    version text not null,
    -- Start of the current run of failed attempts (null after a success): the disable rule.
    failing_since timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check ((status = 'disabled') = (disabled_reason is not null))
  )`.execute(db);
  await sql`create index webhook_endpoints_site on webhook_endpoints (site_id, created_at)`.execute(db);

  await sql`create table webhook_endpoint_secrets (
    id uuid primary key default uuid_v7(),
    endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
    -- AES-256-GCM under KEY_ENCRYPTION_KEY, bound to this row's id (oauth/keys/key-encryption.ts).
    secret_ciphertext text not null,
    created_at timestamptz not null default now(),
    -- Set on the old secret by a rotation: it keeps signing beside the new one until then.
    expires_at timestamptz
  )`.execute(db);
  await sql`create index webhook_endpoint_secrets_endpoint on webhook_endpoint_secrets (endpoint_id)`.execute(db);

  await sql`create table webhook_events (
    -- The envelope's id and the webhook-id header (Standard Webhooks "Webhook headers").
    id uuid primary key default uuid_v7(),
    site_id uuid not null references sites (id) on delete cascade,
    type text not null,
    version text not null,
    -- The exact JSON body sent (text, so every attempt sends and signs the same bytes).
    payload text not null,
    created_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table webhook_deliveries (
    id uuid primary key default uuid_v7(),
    site_id uuid not null references sites (id) on delete cascade,
    event_id uuid not null references webhook_events (id) on delete cascade,
    endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
    status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed', 'abandoned')),
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    -- A claim: until then the delivery belongs to the instance that claimed it; a killed
    -- instance's claims come back when it passes.
    lease_until timestamptz,
    last_attempt_at timestamptz,
    last_response_code integer,
    last_error text,
    last_duration_ms integer,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  // The claim query: due pending deliveries in order of due time.
  await sql`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending'`.execute(
    db,
  );
  // Per-endpoint concurrency: the claims an endpoint has in flight.
  await sql`create index webhook_deliveries_in_flight on webhook_deliveries (endpoint_id, lease_until) where status = 'pending'`.execute(
    db,
  );
  // listWebhookDeliveries: an endpoint's deliveries, newest first.
  await sql`create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created_at, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists webhook_deliveries`.execute(db);
  await sql`drop table if exists webhook_events`.execute(db);
  await sql`drop table if exists webhook_endpoint_secrets`.execute(db);
  await sql`drop table if exists webhook_endpoints`.execute(db);
}
