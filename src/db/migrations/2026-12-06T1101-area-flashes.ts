// What a form of the admin and account areas shows once after its redirect (post, then redirect:
// docs/security.md "Secrets shown once"): a new client or webhook secret, or how many grants a
// revocation ended. A row is keyed by the SHA-256 of a random token that only the redirect's URL
// holds, its payload is encrypted with a key derived from that token, it belongs to one browser
// session, and the first display deletes it. Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of [
    `create table area_flashes (
      id text primary key,
      session_id uuid not null references oauth_sessions (id) on delete cascade,
      payload text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`,
    `create index area_flashes_session on area_flashes (session_id)`,
  ])
    await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`drop table if exists area_flashes`).execute(db);
}
