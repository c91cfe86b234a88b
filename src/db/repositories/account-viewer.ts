// The member data API's viewer: the person and their roles at one school. A person without a role
// at the school is not a member there and is not found. /account/graphql reads the person in the
// bearer guard's own statement (token-facts.ts), so this is the rule alone, applied to that read.
import { ordered, type PersonWithRoles } from './people.ts';
import type { SiteRole } from '../schema.ts';

export type ViewerRow = Omit<PersonWithRoles, 'emailVerified'>;

/** The person as read with the token (roles in any order), or undefined when they hold no role here. */
export function viewerOf(person: {
  id: string;
  email: string;
  name: string | null;
  roles: readonly SiteRole[];
}): ViewerRow | undefined {
  const roles = ordered(person.roles);
  return roles.length ? { id: person.id, email: person.email, name: person.name, roles } : undefined;
}
