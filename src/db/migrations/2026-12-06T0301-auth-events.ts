// The access trail (docs/operations.md "Access trail"): one row per sign-in, consent, token issue,
// refresh reuse, grant revocation and sign-out, readable by the school's owners and admins and kept
// AUTH_EVENTS_RETENTION_DAYS. Apart from the audit log on purpose: it has a fixed shape (kind and
// reason are closed lists, services/audit/auth-event-kinds.ts), filters of its own and a retention.
// - client_id is the OAuth client_id text, not a reference: the trail outlives a removed client.
// - No typed e-mail address or password is ever stored: a failed sign-in of an unknown address
//   keeps its reason class only.
// - token_hour: "one token.issued per grant and hour" is held by the database, a unique index on
//   (grant_id, token_hour), so concurrent instances insert one row and the rest do nothing.
// Frozen once landed.
import { sql, type Kysely } from 'kysely';

const STATEMENTS = [
  `create table auth_events (
    id uuid primary key default uuid_v7(),
    site_id uuid not null references sites (id) on delete cascade,
    occurred_at timestamptz not null default now(),
    kind text not null,
    person_id uuid references people (id) on delete set null,
    client_id text,
    grant_id uuid,
    reason text,
    actor_person_id uuid references people (id) on delete set null,
    ip text,
    user_agent text check (length(user_agent) <= 300),
    token_hour bigint,
    check ((token_hour is null) = (kind <> 'token.issued'))
  )`,
  `create index auth_events_site_time on auth_events (site_id, occurred_at desc, id desc)`,
  `create index auth_events_person on auth_events (person_id, site_id, occurred_at desc, id desc) where person_id is not null`,
  `create index auth_events_client on auth_events (site_id, client_id, occurred_at desc, id desc) where client_id is not null`,
  `create index auth_events_kind on auth_events (site_id, kind, occurred_at desc, id desc)`,
  // The purge deletes by age across schools.
  `create index auth_events_age on auth_events (occurred_at)`,
  `create unique index auth_events_token_hour on auth_events (grant_id, token_hour) where token_hour is not null`,
  `create index auth_events_actor on auth_events (actor_person_id) where actor_person_id is not null`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists auth_events`.execute(db);
}
