// The member data API's viewer: the person and their roles at one school, in one statement. A
// person without a role at the school is not a member there and is not found.
import type { Db } from '../database.ts';
import { findPersonWithRolesAtSite, type PersonWithRoles } from './people.ts';

export type ViewerRow = PersonWithRoles;

export async function findViewer(db: Db, siteId: string, personId: string): Promise<ViewerRow | undefined> {
  const person = await findPersonWithRolesAtSite(db, siteId, personId);
  return person?.roles.length ? person : undefined;
}
