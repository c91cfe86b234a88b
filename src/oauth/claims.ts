// The claims of UserInfo and the ID token, from one function so that they are always equal for
// the same grant (/auth.md "Identity"). Scope-to-claim mapping (OIDC Core 5.4): `sub`, `org_id` and `roles`
// with `openid`; `name` with `profile`; `email` with `email`.
import type { Db } from '../db/database.ts';
import { findPersonWithRolesAtSite } from '../db/repositories/people.ts';

export type IdentityClaims = { sub: string; org_id: string; roles: string[]; name?: string | null; email?: string };

export async function identityClaims(
  db: Db,
  siteId: string,
  personId: string,
  scopes: readonly string[],
): Promise<IdentityClaims | undefined> {
  const person = await findPersonWithRolesAtSite(db, siteId, personId);
  if (!person) return undefined;
  return {
    sub: person.id,
    org_id: siteId,
    roles: person.roles,
    ...(scopes.includes('profile') ? { name: person.name } : {}),
    ...(scopes.includes('email') ? { email: person.email } : {}),
  };
}
