// The one rule of which scopes a person's grant may hold at a school, read from the facts it rests
// on: the person's current roles there, the client's audience and the school's features (/auth.md
// "Access follows the school"; DESIGN habit 14, "access is a live fact"). Consent (authorize/role-permissions.ts), the
// bearer guard, introspection, refresh and the re-check after a role or feature change all ask
// this module, so a change of any fact changes every answer at once.
import type { SiteRole } from '../../../db/schema.ts';
import { scopeInfo } from '../scopes.ts';

/** What a grant's standing rests on, read with the token in the same statement. */
export type StandingFacts = {
  audience: 'operator' | 'member';
  /** The person's roles at the grant's school now; empty once removed (or never a member). */
  roles: readonly SiteRole[];
  /** The school's "MCP connections" feature, which gates every member-audience grant. */
  mcpConnections: boolean;
};

/** Why the facts allow no grant at all: the grant ends (revoked) rather than narrows. */
export type Disallowed = 'no_role' | 'role_may_not_authorize' | 'feature_off';

/** Operator scopes an admin may not hold: managing who has a role is the owner's. */
const OWNER_ONLY_SCOPES = new Set(['members:write']);

/** Undefined when the facts allow this audience a grant at all; else why not. */
export function disallowedBecause(facts: StandingFacts): Disallowed | undefined {
  if (facts.roles.length === 0) return 'no_role';
  // /auth.md "3. Authorize": operator clients are for owners and admins only.
  if (facts.audience === 'operator' && !facts.roles.includes('owner') && !facts.roles.includes('admin'))
    return 'role_may_not_authorize';
  // /auth.md "Access follows the school": "MCP connections" off stops every member-audience grant.
  if (facts.audience === 'member' && !facts.mcpConnections) return 'feature_off';
  return undefined;
}

/** Why the facts withhold one scope of a grant they allow: unknown, another audience's, or the owner's alone. */
export type Withheld = 'unknown_scope' | 'other_audience' | 'owner_only';

/** Undefined when these facts let a grant hold this scope (the facts already allow some grant); else why not. */
export function scopeWithheldBecause(facts: StandingFacts, scope: string): Withheld | undefined {
  const info = scopeInfo(scope);
  if (!info) return 'unknown_scope';
  if (info.audience === 'any') return undefined;
  if (info.audience !== facts.audience) return 'other_audience';
  if (info.audience === 'member') return undefined;
  if (facts.roles.includes('owner')) return undefined;
  return OWNER_ONLY_SCOPES.has(scope) ? 'owner_only' : undefined;
}

/** Whether these facts let a grant hold this scope (the facts already allow some grant). */
export function scopeAllowed(facts: StandingFacts, scope: string): boolean {
  return scopeWithheldBecause(facts, scope) === undefined;
}

export type ScopeStanding =
  { allowed: true; scopes: string[]; narrowed: boolean } | { allowed: false; reason: Disallowed | 'no_scope_left' };

/** The part of `held` that the facts allow now, in `held`'s order; not allowed when nothing is left. */
export function standingScopes(held: readonly string[], facts: StandingFacts): ScopeStanding {
  const reason = disallowedBecause(facts);
  if (reason) return { allowed: false, reason };
  const scopes = held.filter((scope) => scopeAllowed(facts, scope));
  if (scopes.length === 0) return { allowed: false, reason: 'no_scope_left' };
  return { allowed: true, scopes, narrowed: scopes.length !== held.length };
}
