// "Connected apps" of the admin area: every operator-audience client (vendor integrations,
// loopback clients, metadata-document clients) holding live grants at this school, one row per
// client and the person who authorized it, with "Revoke".
import type { Db } from '../../../db/database.ts';
import { listLiveGrants, type LiveGrantRow } from '../../../db/repositories/connected-apps.ts';
import { deleteConsent } from '../../../db/repositories/oauth-consents.ts';
import { revokeGrantsOfClientForPerson } from '../../../db/repositories/oauth-grants.ts';
import { recordGrantsRevoked } from '../../audit/auth-events.ts';
import type { AuditLog } from '../../audit/audit-log.ts';
import { AreaNotFound, recordChange, type Actor } from '../../audit/actor.ts';
import { textKey } from '../../../lib/text-key.ts';

export type ConnectedApp = {
  clientRowId: string;
  clientId: string;
  clientName: string;
  kind: LiveGrantRow['kind'];
  personId: string;
  grantedBy: string;
  /** The newest of the grants, and the union of their scopes. */
  grantedAt: Date;
  scopes: string[];
  lastUsedAt: Date | null;
  grants: number;
};

/** Groups grants (newest first) by client and person; shared with the account area. */
export function groupGrants(rows: readonly LiveGrantRow[]): ConnectedApp[] {
  const groups = new Map<string, ConnectedApp>();
  for (const row of rows) {
    const key = `${row.client_row_id} ${row.person_id}`;
    const group = groups.get(key);
    if (!group) {
      groups.set(key, {
        clientRowId: row.client_row_id,
        clientId: row.client_id,
        clientName: row.client_name,
        kind: row.kind,
        personId: row.person_id,
        grantedBy: row.email,
        grantedAt: row.created_at,
        scopes: [...row.scopes],
        lastUsedAt: row.last_used_at,
        grants: 1,
      });
      continue;
    }
    group.grants += 1;
    for (const scope of row.scopes) if (!group.scopes.includes(scope)) group.scopes.push(scope);
    if (row.last_used_at && (!group.lastUsedAt || row.last_used_at > group.lastUsedAt))
      group.lastUsedAt = row.last_used_at;
  }
  return [...groups.values()];
}

export function createConnectedAppActions(db: Db, audit: AuditLog) {
  return {
    async list(siteId: string): Promise<ConnectedApp[]> {
      return groupGrants(await listLiveGrants(db, siteId, { audience: 'operator' }));
    },

    /** Ends the person's grants to the client (and so every token of them) and the remembered consent. */
    async revoke(actor: Actor, clientRowId: string, personId: string): Promise<void> {
      const live = await listLiveGrants(db, actor.siteId, { audience: 'operator', personId });
      const client = live.find((g) => g.client_row_id === clientRowId);
      if (!client) throw new AreaNotFound(textKey('admin.connectedApps.error.gone'));
      const revoked = await db.transaction().execute(async (trx) => {
        await deleteConsent(trx, actor.siteId, personId, clientRowId);
        const ended = await revokeGrantsOfClientForPerson(
          trx,
          actor.siteId,
          personId,
          clientRowId,
          'revoked_by_school',
        );
        await recordGrantsRevoked(trx, ended, { reason: 'operator', actorPersonId: actor.personId, ip: actor.ip });
        return ended.length;
      });
      await recordChange(audit, actor, {
        action: 'grant.revoked',
        targetType: 'client',
        targetId: clientRowId,
        details: { client_id: client.client_id, person: client.email, grants: revoked, by: 'school' },
      });
    },
  };
}
