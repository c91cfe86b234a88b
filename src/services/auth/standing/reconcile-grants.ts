// /auth.md "Access follows the school" (DESIGN habit 14): whatever changes a fact a grant rests on (a person's
// roles at a school, their removal, the school's "MCP connections" feature) re-checks the grants
// resting on it in the same transaction as the change, with the same rule that allowed them
// (standing/allowed-scopes.ts): each is narrowed to what the facts allow now, or revoked when they
// allow nothing. Revoked stays revoked: switching a feature back on, or giving a role back, does
// not revive a grant. Every narrowing and revocation is written to the audit log in the same
// transaction, so no change happens without its trace, and so is each revocation's access trail
// event (docs/operations.md "Access trail").
import type { Db } from '../../../db/database.ts';
import { insertAuditEvents, type AuditEvent } from '../../../db/repositories/audit-events.ts';
import { revokeGrants } from '../../../db/repositories/oauth-grants.ts';
import { lockLiveGrantFacts, narrowGrant } from '../../../db/repositories/token-facts.ts';
import { formatScope } from '../scopes.ts';
import { standingScopes } from './allowed-scopes.ts';
import { recordGrantsRevoked, revocationOfCause } from '../../audit/auth-events.ts';

/** Who made the change and why: the audit entries of the grants it touched say so. */
export type ChangeCause = {
  /** Machine-readable cause, e.g. `roles_changed`, `member_removed`, `mcp_connections_disabled`. */
  reason: string;
  actorPersonId?: string | null;
  actorClientId?: string | null;
  ip?: string | null;
};

export type Reconciled = { narrowed: number; revoked: number };

/** Rows per statement: well under PostgreSQL's 65,535 bind parameters (8 per audit row). */
const BATCH = 1_000;

/**
 * Re-checks, inside `trx`, one person's live grants at a school (after their roles changed or they
 * were removed) or every live grant of one audience there (after a feature changed).
 */
export async function reconcileGrants(
  trx: Db,
  siteId: string,
  scope: { personId: string } | { audience: 'member' | 'operator' },
  cause: ChangeCause,
): Promise<Reconciled> {
  const grants = await lockLiveGrantFacts(trx, siteId, scope);
  const events: AuditEvent[] = [];
  const result: Reconciled = { narrowed: 0, revoked: 0 };
  const audit = (action: string, grant: (typeof grants)[number], details: Record<string, unknown>) =>
    events.push({
      siteId,
      actorPersonId: cause.actorPersonId ?? null,
      actorClientId: cause.actorClientId ?? null,
      ip: cause.ip ?? null,
      action,
      targetType: 'grant',
      targetId: grant.grant_id,
      details: { person_id: grant.person_id, reason: cause.reason, ...details },
    });

  const revoked: string[] = [];
  for (const grant of grants) {
    const standing = standingScopes(grant.grant_scopes, {
      audience: grant.audience,
      roles: grant.roles,
      mcpConnections: grant.mcp_connections,
    });
    if (!standing.allowed) {
      revoked.push(grant.grant_id);
      audit('grant.revoked', grant, { because: standing.reason, scope: formatScope(grant.grant_scopes) });
    } else if (standing.narrowed) {
      await narrowGrant(trx, grant.grant_id, standing.scopes);
      audit('grant.narrowed', grant, {
        scope: formatScope(standing.scopes),
        removed: formatScope(grant.grant_scopes.filter((s) => !standing.scopes.includes(s))),
      });
      result.narrowed += 1;
    }
  }
  // A feature switched off may end thousands of grants: a few statements, not a few per grant.
  for (let at = 0; at < revoked.length; at += BATCH) {
    const ended = await revokeGrants(trx, revoked.slice(at, at + BATCH), cause.reason);
    await recordGrantsRevoked(trx, ended, revocationOfCause(cause));
  }
  for (let at = 0; at < events.length; at += BATCH) await insertAuditEvents(trx, events.slice(at, at + BATCH));
  result.revoked = revoked.length;
  return result;
}
