// What follows a change of a school's beta features, whichever surface made it (the admin API's
// updateSchool, the admin area's Settings): the audit entry, and for "MCP connections" switched
// off, the end of every member-audience grant at the school in the same transaction (/auth.md
// "Access follows the school"). Switching it on again revives none of them: people connect their applications anew.
import type { Db } from '../../db/database.ts';
import { insertAuditEvents } from '../../db/repositories/audit-events.ts';
import { reconcileGrants } from '../auth/standing/reconcile-grants.ts';
import type { ChangeActor } from '../people/role-changes.ts';

export async function afterFeatureChange(
  trx: Db,
  siteId: string,
  flags: Readonly<Record<string, boolean>>,
  actor: ChangeActor,
): Promise<void> {
  const entries = Object.entries(flags);
  if (entries.length === 0) return;
  await insertAuditEvents(
    trx,
    entries.map(([feature, enabled]) => ({
      siteId,
      actorPersonId: actor.personId ?? null,
      actorClientId: actor.clientId ?? null,
      ip: actor.ip ?? null,
      action: 'beta_feature.changed',
      targetType: 'site',
      targetId: siteId,
      details: { feature, enabled },
    })),
  );
  if (flags.mcp_connections === false) {
    await reconcileGrants(
      trx,
      siteId,
      { audience: 'member' },
      {
        reason: 'mcp_connections_disabled',
        actorPersonId: actor.personId,
        actorClientId: actor.clientId,
        ip: actor.ip,
      },
    );
  }
}
