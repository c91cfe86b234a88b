// Browser sessions a person can see and end, and sign-out that reaches the applications they signed
// in to (OpenID Connect RP-Initiated Logout 1.0, Back-Channel Logout 1.0; /auth.md "Signing out"):
// - oauth_sessions.last_seen_at: when the session was last used, written at most every few minutes
//   (services/sessions/session-store.ts), never once per request;
// - oauth_authorization_codes.session_id: the browser session that authorized the code, so the ID
//   token it yields carries that session's `sid` (Back-Channel Logout 1.0 2.1);
// - oauth_session_clients: each client a session issued an ID token to, who receives a logout
//   token when the session ends (Back-Channel Logout 1.0 2.7);
// - oauth_clients: the logout metadata a client registers (RP-Initiated Logout 1.0 3.1,
//   Back-Channel Logout 1.0 2.2). Frozen once landed.
import { sql, type Kysely } from 'kysely';

const UP = [
  `alter table oauth_sessions add column last_seen_at timestamptz`,
  `create index oauth_sessions_person on oauth_sessions (site_id, person_id)`,
  `alter table oauth_authorization_codes
    add column session_id uuid references oauth_sessions (id) on delete set null`,
  `create index oauth_codes_session on oauth_authorization_codes (session_id)`,
  `create table oauth_session_clients (
    session_id uuid not null references oauth_sessions (id) on delete cascade,
    client_row_id uuid not null references oauth_clients (id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (session_id, client_row_id)
  )`,
  `create index oauth_session_clients_client on oauth_session_clients (client_row_id)`,
  `alter table oauth_clients add column post_logout_redirect_uris text[] not null default '{}'`,
  `alter table oauth_clients add column backchannel_logout_uri text`,
  `alter table oauth_clients
    add column backchannel_logout_session_required boolean not null default false`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of [
    `alter table oauth_clients drop column if exists backchannel_logout_session_required`,
    `alter table oauth_clients drop column if exists backchannel_logout_uri`,
    `alter table oauth_clients drop column if exists post_logout_redirect_uris`,
    `drop table if exists oauth_session_clients`,
    `alter table oauth_authorization_codes drop column if exists session_id`,
    `drop index if exists oauth_sessions_person`,
    `alter table oauth_sessions drop column if exists last_seen_at`,
  ])
    await sql.raw(statement).execute(db);
}
