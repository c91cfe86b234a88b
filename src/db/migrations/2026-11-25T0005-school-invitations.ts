// People across schools: adding a person by e-mail no longer attaches an
// identity (which other schools may know) to this school; it records an invitation, and the role
// is added only when the person accepts it. The accept link's secret is kept as a digest only.
// Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table school_invitations (
    id uuid primary key default uuid_v7(),
    site_id uuid not null references sites (id) on delete cascade,
    email text not null check (email = lower(email)),
    -- The name the inviting admin typed: what this school calls the person until they accept.
    name text not null,
    role text not null check (role in ('owner', 'admin', 'lecturer', 'student')),
    token_hash text not null unique,
    status text not null default 'pending' check (status in ('pending', 'accepted', 'declined')),
    person_id uuid references people (id) on delete set null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    answered_at timestamptz
  )`.execute(db);
  // One pending invitation per person and role at a school: inviting again returns it.
  await sql`create unique index school_invitations_pending on school_invitations (site_id, email, role) where status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists school_invitations`.execute(db);
}
