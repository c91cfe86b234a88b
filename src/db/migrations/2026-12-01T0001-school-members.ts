// One row per person and school: the admin API's members and students lists page in the order of an
// index instead of grouping and sorting every member of the school for every page.
//
// Before, both lists grouped site_roles by person and sorted by the earliest role's time, an
// aggregate no index can serve: a page of 20 out of 100,000 members grouped and sorted all 100,000
// (guide "bounded work per request"). site_members holds what those lists order by, the person's
// joining time (their first role here) and e-mail, with an index for each order; the students list
// orders by the student role's own time, which an index on site_roles now serves.
//
// The rows follow site_roles through a trigger, so no code path that grants or removes a role can
// forget them, and people's e-mail through another. Concurrency: a role added while another is
// removed locks the member row first, so each trigger sees the other's committed roles; on insert a
// joining time only moves earlier (least), so of two roles added at once the earlier time stays.
// Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table site_members (
    site_id uuid not null references sites (id) on delete cascade,
    person_id uuid not null references people (id) on delete cascade,
    email text not null,
    joined_at timestamptz not null,
    primary key (site_id, person_id)
  )`.execute(db);
  await sql`create index site_members_joined on site_members (site_id, joined_at, person_id)`.execute(db);
  await sql`create index site_members_email on site_members (site_id, email, person_id)`.execute(db);
  await sql`create index site_roles_role_created on site_roles (site_id, role, created_at, person_id)`.execute(db);

  await sql`create function site_members_follow_roles() returns trigger language plpgsql as $$
  begin
    if tg_op in ('DELETE', 'UPDATE') then
      -- Lock first: a role another transaction adds meanwhile is then committed and seen below.
      perform 1 from site_members where site_id = old.site_id and person_id = old.person_id for update;
      update site_members m set joined_at = f.at
        from (select min(r.created_at) as at from site_roles r
              where r.site_id = old.site_id and r.person_id = old.person_id) f
        where m.site_id = old.site_id and m.person_id = old.person_id and f.at is not null;
      delete from site_members m where m.site_id = old.site_id and m.person_id = old.person_id
        and not exists (select 1 from site_roles r where r.site_id = old.site_id and r.person_id = old.person_id);
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
      insert into site_members (site_id, person_id, email, joined_at)
        select new.site_id, new.person_id, p.email, new.created_at from people p where p.id = new.person_id
        on conflict (site_id, person_id) do update set joined_at = least(site_members.joined_at, excluded.joined_at);
    end if;
    return null;
  end $$`.execute(db);
  await sql`create trigger site_roles_members after insert or update or delete on site_roles
    for each row execute function site_members_follow_roles()`.execute(db);

  await sql`create function site_members_follow_email() returns trigger language plpgsql as $$
  begin
    update site_members set email = new.email where person_id = new.id;
    return null;
  end $$`.execute(db);
  await sql`create trigger people_members_email after update of email on people
    for each row when (old.email is distinct from new.email) execute function site_members_follow_email()`.execute(db);

  await sql`insert into site_members (site_id, person_id, email, joined_at)
    select r.site_id, r.person_id, p.email, min(r.created_at)
    from site_roles r join people p on p.id = r.person_id
    group by r.site_id, r.person_id, p.email`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger people_members_email on people`.execute(db);
  await sql`drop function site_members_follow_email()`.execute(db);
  await sql`drop trigger site_roles_members on site_roles`.execute(db);
  await sql`drop function site_members_follow_roles()`.execute(db);
  await sql`drop index site_roles_role_created`.execute(db);
  await sql`drop table site_members`.execute(db);
}
