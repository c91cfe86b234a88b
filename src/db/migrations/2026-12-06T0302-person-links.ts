// One-time links mailed to a person (the identity, shared by every school): a password reset, the
// verification of a new e-mail address before it replaces the old one, and the verification of the
// current address. Only the link's digest is kept; a link is used once (`used_at`) and expires. At
// most one live link per person and purpose, enforced here: a new one replaces the earlier (which
// stops working). `email_verified_at` on people: when the person last proved they hold their
// address (OpenID Connect Core 5.1 `email_verified`). Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table person_links (
    id uuid primary key default uuid_v7(),
    person_id uuid not null references people (id) on delete cascade,
    -- The school whose page asked: the link opens there, the mail speaks its language.
    site_id uuid not null references sites (id) on delete cascade,
    purpose text not null check (purpose in ('password_reset', 'email_change', 'email_verify')),
    token_hash text not null unique,
    -- email_change: the address that replaces the person's once the link is opened.
    new_email text check (new_email = lower(new_email) and new_email like '%_@_%'),
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz,
    check ((purpose = 'email_change') = (new_email is not null))
  )`.execute(db);
  await sql`create unique index person_links_live on person_links (person_id, purpose) where used_at is null`.execute(
    db,
  );
  await sql`create index person_links_site_id on person_links (site_id)`.execute(db);
  await sql`create index person_links_expiry on person_links (expires_at)`.execute(db);
  await sql`alter table people add column email_verified_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table people drop column if exists email_verified_at`.execute(db);
  await sql`drop table if exists person_links`.execute(db);
}
