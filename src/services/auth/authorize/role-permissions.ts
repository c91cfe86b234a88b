// Who may authorize which client, and which scopes their role lets them delegate (/auth.md "3. Authorize"):
// member applications, anyone with a role at the school (students included); operator clients,
// only owners and admins, and never more than that role may do itself. The rule itself is the
// standing rule (standing/allowed-scopes.ts), which later re-checks every grant it allowed.
import type { SiteRole } from '../../../db/schema.ts';
import type { Client } from '../clients/client.ts';
import { AccessDenied } from '../errors.ts';
import {
  disallowedBecause,
  scopeWithheldBecause,
  type Disallowed,
  type StandingFacts,
  type Withheld,
} from '../standing/allowed-scopes.ts';

/** Why a person's roles allow this client nothing at all. */
export type Refusal = Disallowed | 'no_scope_left';

const REFUSALS: Record<Refusal, string> = {
  no_role: 'You have no role at this school.',
  role_may_not_authorize: 'Only owners and admins of this school can authorize this application.',
  feature_off: 'This school has not enabled MCP connections, so member applications cannot be authorized.',
  no_scope_left: 'Your role at this school does not allow any of the requested scopes.',
};

/**
 * The refusal of the authorization endpoint (RFC 6749 4.1.2.1 `access_denied`), carrying why, so
 * that the school's page can explain it to the person before the browser returns to the client.
 */
export class RoleRefused extends AccessDenied {
  readonly reason: Refusal;
  /** The role the page names ("your role (student) …"); undefined for a person with no role here. */
  readonly role: SiteRole | undefined;
  constructor(reason: Refusal, roles: readonly SiteRole[]) {
    super(REFUSALS[reason]);
    this.reason = reason;
    this.role = mainRole(roles);
  }
}

const ROLE_ORDER: readonly SiteRole[] = ['owner', 'admin', 'lecturer', 'student'];

/** The role that decides what a person may delegate: the strongest they hold. */
export function mainRole(roles: readonly SiteRole[]): SiteRole | undefined {
  return ROLE_ORDER.find((role) => roles.includes(role));
}

/** A requested scope the person's role keeps back, and why (the consent page lists it as withheld). */
export type WithheldScope = { scope: string; reason: Withheld };

/** What the role allows of a request: the scopes granted and those withheld, both in the request's order. */
export type ScopeDecision = { granted: string[]; withheld: WithheldScope[]; role: SiteRole | undefined };

/** The scopes this person may grant this client and those their role withholds, or RoleRefused. */
export function decideScopes(
  client: Pick<Client, 'audience'>,
  roles: readonly SiteRole[],
  requested: readonly string[],
  mcpConnections: boolean,
): ScopeDecision {
  const facts: StandingFacts = { audience: client.audience, roles, mcpConnections };
  const refused = disallowedBecause(facts);
  if (refused) throw new RoleRefused(refused, roles);
  const granted: string[] = [];
  const withheld: WithheldScope[] = [];
  for (const scope of requested) {
    const reason = scopeWithheldBecause(facts, scope);
    if (reason) withheld.push({ scope, reason });
    else granted.push(scope);
  }
  if (granted.length === 0) throw new RoleRefused('no_scope_left', roles);
  return { granted, withheld, role: mainRole(roles) };
}

/** The scopes this person may grant this client, or RoleRefused (an AccessDenied). */
export function grantableScopes(
  client: Pick<Client, 'audience'>,
  roles: readonly SiteRole[],
  requested: readonly string[],
  mcpConnections: boolean,
): string[] {
  return decideScopes(client, roles, requested, mcpConnections).granted;
}
