// The claims of UserInfo and the ID token, from one function so that they are always equal for
// the same grant (/auth.md "Identity"). Scope-to-claim mapping (OIDC Core 5.4): `sub`, `org_id` and `roles`
// with `openid`; `name` with `profile`; `email` and `email_verified` with `email` (OIDC Core 5.1:
// email_verified is true when the person proved they hold the address, by a link mailed to it).
import type { Db } from '../../db/database.ts';
import { findPersonWithRolesAtSite, ordered } from '../../db/repositories/people.ts';
import type { SiteRole } from '../../db/schema.ts';

export type IdentityClaims = {
  sub: string;
  org_id: string;
  roles: string[];
  name?: string | null;
  email?: string;
  email_verified?: boolean;
};

/** The person the claims describe: read for the ID token, or with the access token by the bearer guard. */
export type ClaimsPerson = {
  id: string;
  email: string;
  name: string | null;
  emailVerified: boolean;
  roles: readonly SiteRole[];
};

export async function identityClaims(
  db: Db,
  siteId: string,
  personId: string,
  scopes: readonly string[],
): Promise<IdentityClaims | undefined> {
  const person = await findPersonWithRolesAtSite(db, siteId, personId);
  return person && claimsOf(person, siteId, scopes);
}

/** The claims of a person already read now (UserInfo's, in its bearer token's own statement). */
export function claimsOf(person: ClaimsPerson, siteId: string, scopes: readonly string[]): IdentityClaims {
  return {
    sub: person.id,
    org_id: siteId,
    roles: ordered(person.roles),
    ...(scopes.includes('profile') ? { name: person.name } : {}),
    ...(scopes.includes('email') ? { email: person.email, email_verified: person.emailVerified } : {}),
  };
}
