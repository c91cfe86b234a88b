// The one way a person's roles at a school change (admin API, its MCP tools, any later surface):
// the roles, the audit entry saying who changed them, and the re-check of every grant the person
// holds there (/auth.md "Access follows the school"), all in the caller's transaction, so the very next request with
// one of their tokens, on any instance, sees only what the new roles allow.
import type { Db } from '../../db/database.ts';
import { insertAuditEvents } from '../../db/repositories/audit-events.ts';
import * as people from '../../db/repositories/school-people.ts';
import type { SiteRole } from '../../db/schema.ts';
import { reconcileGrants, type Reconciled } from '../auth/standing/reconcile-grants.ts';

/** Who asked for a change: the operator token's person and client, and the address. */
export type ChangeActor = { personId?: string | null; clientId?: string | null; ip?: string | null };

export type RoleChange = {
  /** `member.roles_changed`, `member.removed` or `student.removed`: the audit action. */
  action: string;
  removed: readonly SiteRole[];
  added: readonly SiteRole[];
};

export async function applyRoleChange(
  trx: Db,
  siteId: string,
  personId: string,
  change: RoleChange,
  actor: ChangeActor,
): Promise<Reconciled> {
  await people.deleteRoles(trx, siteId, personId, change.removed);
  for (const role of change.added) await people.insertRole(trx, siteId, personId, role);
  await insertAuditEvents(trx, [
    {
      siteId,
      actorPersonId: actor.personId ?? null,
      actorClientId: actor.clientId ?? null,
      ip: actor.ip ?? null,
      action: change.action,
      targetType: 'person',
      targetId: personId,
      details: { removed: [...change.removed], added: [...change.added] },
    },
  ]);
  // Adding a role never narrows a grant; taking one away may.
  if (change.removed.length === 0) return { narrowed: 0, revoked: 0 };
  return reconcileGrants(
    trx,
    siteId,
    { personId },
    { reason: change.action, actorPersonId: actor.personId, actorClientId: actor.clientId, ip: actor.ip },
  );
}

/** The actor of an admin API call (or of an MCP operator tool, which runs the same handler). */
export function actorOf(context: { auth?: { personId: string; clientId: string }; clientIp: string }): ChangeActor {
  return { personId: context.auth?.personId ?? null, clientId: context.auth?.clientId ?? null, ip: context.clientIp };
}
