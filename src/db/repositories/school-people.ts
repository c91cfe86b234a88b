// SQL for the people of one school as the admin API changes them: global identities found or
// created by e-mail, and the roles they hold at this site. Identities are global (migration
// 2026-11-22T0001: one e-mail signs in everywhere); every role statement is scoped by site_id.
import type { Db } from '../database.ts';
import type { SiteRole } from '../schema.ts';

export type IdentityRow = { id: string; email: string; name: string | null; avatar_url: string | null };

/** The identity with this (lower-case) e-mail, created without credentials when missing. */
export async function findOrInsertIdentity(db: Db, email: string, name: string): Promise<IdentityRow> {
  // ON CONFLICT DO NOTHING then SELECT: two concurrent invites of one e-mail both end on one row.
  const inserted = await db
    .insertInto('people')
    .values({ email, name })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(['id', 'email', 'name', 'avatar_url'])
    .executeTakeFirst();
  if (inserted) return inserted;
  return db
    .selectFrom('people')
    .select(['id', 'email', 'name', 'avatar_url'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
}

/** @returns true when the role is new, false when the person already held it here */
export async function insertRole(db: Db, siteId: string, personId: string, role: SiteRole): Promise<boolean> {
  const row = await db
    .insertInto('site_roles')
    .values({ site_id: siteId, person_id: personId, role })
    .onConflict((oc) => oc.columns(['site_id', 'person_id', 'role']).doNothing())
    .returning('person_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function listRoles(db: Db, siteId: string, personId: string): Promise<SiteRole[]> {
  const rows = await db
    .selectFrom('site_roles')
    .select('role')
    .where('site_id', '=', siteId)
    .where('person_id', '=', personId)
    .execute();
  return rows.map((row) => row.role);
}

/** Deletes the given roles here, or every role here when `roles` is left out. */
export async function deleteRoles(
  db: Db,
  siteId: string,
  personId: string,
  roles?: readonly SiteRole[],
): Promise<number> {
  if (roles && roles.length === 0) return 0;
  let q = db.deleteFrom('site_roles').where('site_id', '=', siteId).where('person_id', '=', personId);
  if (roles) q = q.where('role', 'in', roles);
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countOwners(db: Db, siteId: string): Promise<number> {
  const row = await db
    .selectFrom('site_roles')
    .select((eb) => eb.fn.countAll<number>().as('owners'))
    .where('site_id', '=', siteId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.owners);
}

/**
 * Serialises role changes of one school inside a transaction: two owners demoting each other at
 * the same moment would otherwise both see "another owner remains" and leave the school with none.
 * NO KEY UPDATE, not UPDATE: it does not block the key-share locks that inserts referencing the
 * school take, so the rest of the school keeps writing meanwhile.
 */
export async function lockSiteRoles(trx: Db, siteId: string): Promise<void> {
  await trx.selectFrom('sites').select('id').where('id', '=', siteId).forNoKeyUpdate().execute();
}

/** True when the person holds a role at any other school. */
export async function hasRoleElsewhere(db: Db, siteId: string, personId: string): Promise<boolean> {
  const row = await db
    .selectFrom('site_roles')
    .select('site_id')
    .where('person_id', '=', personId)
    .where('site_id', '<>', siteId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateIdentityName(db: Db, personId: string, name: string): Promise<void> {
  await db.updateTable('people').set({ name }).where('id', '=', personId).execute();
}

/** Enrollments at this school only; their lecture progress goes with them (on delete cascade). */
export async function deleteEnrollmentsOfPerson(db: Db, siteId: string, personId: string): Promise<void> {
  await db.deleteFrom('enrollments').where('site_id', '=', siteId).where('person_id', '=', personId).execute();
}
