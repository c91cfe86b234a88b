// The transactional outbox of side effects that leave the service (a mail, a back-channel logout):
// a row is written in the transaction of the change that causes it, so nothing is sent for a change
// that rolled back and nothing is lost once it committed (services/outbox/outbox.ts); the outbox
// worker claims due rows with SKIP LOCKED and sends each through the sender of its kind
// (services/outbox/outbox-worker.ts). Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table outbox_messages (
    id uuid primary key default uuid_v7(),
    site_id uuid not null references sites (id) on delete cascade,
    -- services/outbox/kinds.ts: which sender handles it.
    kind text not null,
    -- What the sender needs; a mail's is sealed (services/mail/mail-payload.ts) and cleared once done.
    payload jsonb not null,
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    -- A claim: until then the row belongs to the worker that claimed it; a killed worker's claim runs out.
    locked_until timestamptz,
    created_at timestamptz not null default now(),
    sent_at timestamptz,
    failed_at timestamptz,
    -- Why the last attempt failed, in a few words: never a secret, never a whole server answer.
    last_error text check (length(last_error) <= 200)
  )`.execute(db);
  // The claim: due rows neither sent nor given up, in due order.
  await sql`create index outbox_messages_due on outbox_messages (next_attempt_at)
    where sent_at is null and failed_at is null`.execute(db);
  await sql`create index outbox_messages_site_id on outbox_messages (site_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists outbox_messages`.execute(db);
}
