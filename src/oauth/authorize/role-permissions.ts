// Who may authorize which client, and which scopes their role lets them delegate (issue 3):
// member applications, anyone with a role at the school (students included); operator clients,
// only owners and admins, and never more than that role may do itself.
import type { SiteRole } from '../../db/schema.ts';
import type { Client } from '../clients/client.ts';
import { AccessDenied } from '../errors.ts';
import { scopeInfo } from '../scopes.ts';

/** Operator scopes an admin may not delegate: managing who has a role is the owner's. */
const OWNER_ONLY_SCOPES = new Set(['members:write']);

function roleMayDelegate(roles: readonly SiteRole[], scope: string): boolean {
  const info = scopeInfo(scope);
  if (!info) return false;
  if (info.audience !== 'operator') return true;
  if (roles.includes('owner')) return true;
  return roles.includes('admin') && !OWNER_ONLY_SCOPES.has(scope);
}

/** The scopes this person may grant this client, or AccessDenied. */
export function grantableScopes(client: Client, roles: readonly SiteRole[], requested: readonly string[]): string[] {
  if (roles.length === 0) throw new AccessDenied('You have no role at this school.');
  if (client.audience === 'operator' && !roles.includes('owner') && !roles.includes('admin')) {
    throw new AccessDenied('Only owners and admins of this school can authorize this application.');
  }
  const granted = requested.filter((scope) => roleMayDelegate(roles, scope));
  if (granted.length === 0) throw new AccessDenied('Your role at this school does not allow any of the requested scopes.');
  return granted;
}
