// /auth.md "Lifetimes": every grant has an absolute end. It is fixed when the grant starts (created_at
// + GRANT_ABSOLUTE_LIFETIME_SECONDS) and caps every token the family ever issues, so rotation can
// no longer keep a grant alive for ever. Grants older than this migration get the default lifetime
// (30 days from their start); a grant already past it ends on its next use. Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table oauth_grants add column expires_at timestamptz`.execute(db);
  await sql`update oauth_grants set expires_at = created_at + interval '30 days'`.execute(db);
  await sql`alter table oauth_grants alter column expires_at set not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table oauth_grants drop column expires_at`.execute(db);
}
