// SQL for identities, their credentials and their roles at schools.
import type { Db } from '../database.ts';
import type { SiteRole } from '../schema.ts';

export type PersonRow = { id: string; email: string; name: string | null };

export async function findPersonByEmail(db: Db, email: string): Promise<(PersonRow & { password_hash: string | null }) | undefined> {
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
export async function listRolesAtSite(db: Db, siteId: string, personId: string): Promise<SiteRole[]> {
  const rows = await db.selectFrom('site_roles').select('role').where('site_id', '=', siteId).where('person_id', '=', personId).execute();
  const order: SiteRole[] = ['owner', 'admin', 'lecturer', 'student'];
  const held = new Set(rows.map((r) => r.role));
  return order.filter((role) => held.has(role));
}

export async function recordSignIn(db: Db, personId: string): Promise<void> {
  await db.updateTable('people').set({ last_sign_in_at: new Date() }).where('id', '=', personId).execute();
}
