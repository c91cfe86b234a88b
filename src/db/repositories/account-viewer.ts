// SQL for the member data API's viewer: the person and their roles at one school, in one
// statement. A person without a role at the school is not a member there and is not found.
import type { Db } from '../database.ts';
import type { SiteRole } from '../schema.ts';

export type ViewerRow = { id: string; email: string; name: string | null; roles: SiteRole[] };

/** Roles in the fixed order of UserInfo's `roles` claim (owner first), so both read the same. */
const ROLE_ORDER: readonly SiteRole[] = ['owner', 'admin', 'lecturer', 'student'];

export async function findViewer(db: Db, siteId: string, personId: string): Promise<ViewerRow | undefined> {
  const rows = await db
    .selectFrom('people as p')
    .innerJoin('site_roles as sr', (join) => join.onRef('sr.person_id', '=', 'p.id').on('sr.site_id', '=', siteId))
    .select(['p.id', 'p.email', 'p.name', 'sr.role'])
    .where('p.id', '=', personId)
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  const held = new Set(rows.map((row) => row.role));
  return { id: first.id, email: first.email, name: first.name, roles: ROLE_ORDER.filter((role) => held.has(role)) };
}
