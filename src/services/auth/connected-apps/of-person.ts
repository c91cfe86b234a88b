// The account area's "Connected applications": each client a person authorized at this school,
// and "Revoke", which ends every grant (and so every token) of it at once and forgets the
// remembered consent, so the application must ask again.
import type { Db } from '../../../db/database.ts';
import { listLiveGrants } from '../../../db/repositories/connected-apps.ts';
import { deleteConsent } from '../../../db/repositories/oauth-consents.ts';
import { revokeGrantsOfClientForPerson } from '../../../db/repositories/oauth-grants.ts';
import { recordAuthEvent, recordGrantsRevoked } from '../../audit/auth-events.ts';
import { AreaNotFound, recordChange, type Actor } from '../../audit/actor.ts';
import { groupGrants, type ConnectedApp } from './of-school.ts';
import type { AuditLog } from '../../audit/audit-log.ts';
import { textKey } from '../../../lib/text-key.ts';

export function createConnectedApplications(db: Db, audit: AuditLog) {
  return {
    async list(siteId: string, personId: string): Promise<ConnectedApp[]> {
      return groupGrants(await listLiveGrants(db, siteId, { personId }));
    },

    /** One application of the list, with how many live grants revoking it ends (its confirmation page). */
    async find(siteId: string, personId: string, clientRowId: string): Promise<ConnectedApp> {
      const app = groupGrants(await listLiveGrants(db, siteId, { personId })).find(
        (a) => a.clientRowId === clientRowId,
      );
      if (!app) throw new AreaNotFound(textKey('area.error.accountAppGone'));
      return app;
    },

    async revoke(actor: Actor, clientRowId: string): Promise<string> {
      const live = await listLiveGrants(db, actor.siteId, { personId: actor.personId });
      const app = live.find((g) => g.client_row_id === clientRowId);
      if (!app) throw new AreaNotFound(textKey('area.error.accountAppGone'));
      // docs/operations.md "Access trail": the consent withdrawn, and each grant it ended, with the change.
      const revoked = await db.transaction().execute(async (trx) => {
        await deleteConsent(trx, actor.siteId, actor.personId, clientRowId);
        const ended = await revokeGrantsOfClientForPerson(
          trx,
          actor.siteId,
          actor.personId,
          clientRowId,
          'revoked_by_member',
        );
        const by = { actorPersonId: actor.personId, ip: actor.ip };
        await recordAuthEvent(trx, {
          siteId: actor.siteId,
          kind: 'consent.withdrawn',
          personId: actor.personId,
          clientId: app.client_id,
          ...by,
        });
        await recordGrantsRevoked(trx, ended, { reason: 'person', ...by });
        return ended.length;
      });
      await recordChange(audit, actor, {
        action: 'grant.revoked',
        targetType: 'client',
        targetId: clientRowId,
        details: { client_id: app.client_id, grants: revoked, by: 'member' },
      });
      return app.client_name;
    },
  };
}
