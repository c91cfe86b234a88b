// DESIGN habit 14: the one place that decides a token's standing. The bearer guard (and through it
// UserInfo, the admin API, /account/graphql and /mcp), introspection, revocation and the refresh
// grant all ask `standingOf`, so each rule below is written once:
//  - the token exists, is unrevoked, unexpired and (a refresh token) not yet exchanged;
//  - its grant is unrevoked and within its absolute end (standing/lifetimes.ts);
//  - it is bound to the school, resource and client that present it;
//  - its scopes are what the person's roles there and the school's features allow now
//    (standing/allowed-scopes.ts): narrower facts narrow it, facts that allow no grant end it.
import type { TokenFacts } from '../../../db/repositories/token-facts.ts';
import { standingScopes, type Disallowed } from './allowed-scopes.ts';

export type InactiveReason =
  | 'unknown'
  | 'other_school'
  | 'other_resource'
  | 'other_client'
  | 'revoked'
  | 'rotated'
  | 'expired'
  | Disallowed
  | 'no_scope_left';

export type Standing<F extends TokenFacts = TokenFacts> =
  | { active: false; reason: InactiveReason; facts?: F }
  | { active: true; facts: F; scopes: string[]; narrowed: boolean; expiresAt: Date };

/** Who presents the token: the school always; the resource (protected resources) or the client (token endpoints). */
export type Presenter = { siteId: string; resource?: string; clientRowId?: string };

/** Whether the presenter holds this token at all: a token of another school or client is as unknown as a forged one. */
export function boundTo(facts: TokenFacts, presenter: Presenter): InactiveReason | undefined {
  if (facts.site_id !== presenter.siteId) return 'other_school';
  if (presenter.resource !== undefined && facts.resource !== presenter.resource) return 'other_resource';
  if (presenter.clientRowId !== undefined && facts.client_row_id !== presenter.clientRowId) return 'other_client';
  return undefined;
}

/** Whether the token itself and its grant are still alive, whatever the facts behind them. */
function aliveness(facts: TokenFacts, now: Date): InactiveReason | undefined {
  if (facts.revoked_at || facts.grant_revoked_at) return 'revoked';
  if (facts.rotated_at) return 'rotated';
  if (facts.expires_at <= now || facts.grant_expires_at <= now) return 'expired';
  return undefined;
}

export function standingOf<F extends TokenFacts>(
  facts: F | undefined,
  presenter: Presenter,
  now: Date = new Date(),
): Standing<F> {
  if (!facts) return { active: false, reason: 'unknown' };
  const inactive = boundTo(facts, presenter) ?? aliveness(facts, now);
  if (inactive) return { active: false, reason: inactive, facts };
  const scopes = standingScopes(facts.scopes, {
    audience: facts.audience,
    roles: facts.roles,
    mcpConnections: facts.mcp_connections,
  });
  if (!scopes.allowed) return { active: false, reason: scopes.reason, facts };
  const expiresAt = facts.expires_at < facts.grant_expires_at ? facts.expires_at : facts.grant_expires_at;
  return { active: true, facts, scopes: scopes.scopes, narrowed: scopes.narrowed, expiresAt };
}
