// Who may authorize which client, and which scopes their role lets them delegate (/auth.md "3. Authorize"):
// member applications, anyone with a role at the school (students included); operator clients,
// only owners and admins, and never more than that role may do itself. The rule itself is the
// standing rule (standing/allowed-scopes.ts), which later re-checks every grant it allowed.
import type { SiteRole } from '../../../db/schema.ts';
import type { Client } from '../clients/client.ts';
import { AccessDenied } from '../errors.ts';
import { disallowedBecause, scopeAllowed, type StandingFacts } from '../standing/allowed-scopes.ts';

const REFUSALS = {
  no_role: 'You have no role at this school.',
  role_may_not_authorize: 'Only owners and admins of this school can authorize this application.',
  feature_off: 'This school has not enabled MCP connections, so member applications cannot be authorized.',
} as const;

/** The scopes this person may grant this client, or AccessDenied. */
export function grantableScopes(
  client: Pick<Client, 'audience'>,
  roles: readonly SiteRole[],
  requested: readonly string[],
  mcpConnections: boolean,
): string[] {
  const facts: StandingFacts = { audience: client.audience, roles, mcpConnections };
  const refused = disallowedBecause(facts);
  if (refused) throw new AccessDenied(REFUSALS[refused]);
  const granted = requested.filter((scope) => scopeAllowed(facts, scope));
  if (granted.length === 0)
    throw new AccessDenied('Your role at this school does not allow any of the requested scopes.');
  return granted;
}
