// SQL for identities, their credentials and their roles at schools.
import type { Db } from '../database.ts';
import { hotQuery } from '../hot-queries.ts';
import type { SiteRole } from '../schema.ts';

export type PersonRow = { id: string; email: string; name: string | null };

export async function findPersonByEmail(
  db: Db,
  email: string,
): Promise<(PersonRow & { password_hash: string | null }) | undefined> {
  return db
    .selectFrom('people as p')
    .leftJoin('credentials as c', 'c.person_id', 'p.id')
    .select(['p.id', 'p.email', 'p.name', 'c.password_hash'])
    .where('p.email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findPerson(db: Db, personId: string): Promise<PersonRow | undefined> {
  return db.selectFrom('people').select(['id', 'email', 'name']).where('id', '=', personId).executeTakeFirst();
}

/** Roles in a fixed order (owner first), so claims and pages read the same every time. */
const ROLE_ORDER: readonly SiteRole[] = ['owner', 'admin', 'lecturer', 'student'];

export function ordered(held: Iterable<SiteRole | null>): SiteRole[] {
  const set = new Set(held);
  return ROLE_ORDER.filter((role) => set.has(role));
}

export async function listRolesAtSite(db: Db, siteId: string, personId: string): Promise<SiteRole[]> {
  const rows = await db
    .selectFrom('site_roles')
    .select('role')
    .where('site_id', '=', siteId)
    .where('person_id', '=', personId)
    .execute();
  return ordered(rows.map((r) => r.role));
}

export type PersonWithRoles = PersonRow & { roles: SiteRole[]; emailVerified: boolean };

const personWithRoles = hotQuery<PersonRow & { role: SiteRole | null; email_verified: boolean }>(
  'person_with_roles_at_site',
  `select p.id, p.email, p.name, p.email_verified_at is not null as email_verified, sr.role
   from people p left join site_roles sr on sr.person_id = p.id and sr.site_id = $2
   where p.id = $1`,
);

/** A person and their roles at one school in one statement; roles empty when they hold none there (UserInfo, the GraphQL viewer). */
export async function findPersonWithRolesAtSite(
  db: Db,
  siteId: string,
  personId: string,
): Promise<PersonWithRoles | undefined> {
  const rows = await personWithRoles(db, [personId, siteId]);
  const first = rows[0];
  return (
    first && {
      id: first.id,
      email: first.email,
      name: first.name,
      emailVerified: first.email_verified,
      roles: ordered(rows.map((row) => row.role)),
    }
  );
}

export async function recordSignIn(db: Db, personId: string): Promise<void> {
  await db.updateTable('people').set({ last_sign_in_at: new Date() }).where('id', '=', personId).execute();
}

/** The person proved they hold their address (a link mailed to it was opened): OpenID Connect Core 5.1 email_verified. */
export async function markEmailVerified(db: Db, personId: string): Promise<void> {
  await db.updateTable('people').set({ email_verified_at: new Date() }).where('id', '=', personId).execute();
}

/** The person's name (the identity's, the same at every school). */
export async function setPersonName(db: Db, personId: string, name: string): Promise<void> {
  await db.updateTable('people').set({ name }).where('id', '=', personId).execute();
}

/** The person's address, proven by the link mailed to it; throws a unique violation when another identity holds it. */
export async function setPersonEmail(db: Db, personId: string, email: string): Promise<void> {
  await db.updateTable('people').set({ email, email_verified_at: new Date() }).where('id', '=', personId).execute();
}

/** What /account/profile shows of the person. */
export async function findProfile(
  db: Db,
  personId: string,
): Promise<{ email: string; name: string | null; email_verified_at: Date | null } | undefined> {
  return db
    .selectFrom('people')
    .select(['email', 'name', 'email_verified_at'])
    .where('id', '=', personId)
    .executeTakeFirst();
}
