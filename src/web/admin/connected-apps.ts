// "Connected apps": the member applications of this school, each with how many members hold access
// and its last use (its members and their revocation: application-access.ts); and the operator-
// audience clients (vendor integrations, loopback clients, metadata-document clients) holding live
// grants at this school, each with who allowed it, when and which scopes, and "Revoke", which ends
// those grants and with them every token at once (asking first, with the grants it ends).
import { AreaNotFound } from '../../services/audit/actor.ts';
import { fromStartOnBadCursor } from '../../services/auth/application-access.ts';
import { field, isUuid } from '../areas/forms.ts';
import { revokeConfirmPage } from './revoke-confirm.ts';
import type { AdminPageDeps } from './types.ts';
import { textKey } from '../../lib/text-key.ts';

export const REVOKE_CONNECTED_APP_PURPOSE = 'admin:connected-apps:revoke';

/** Catalogue keys of the client kinds (docs/development.md "Page languages"). */
export const KIND_LABELS: Record<string, string> = {
  vendor: 'admin.connectedApps.kind.vendor',
  loopback: 'admin.connectedApps.kind.loopback',
  metadata_document: 'admin.connectedApps.kind.metadataDocument',
  member_app: 'admin.connectedApps.kind.memberApp',
};

export function mountConnectedApps({ router, area, admin }: AdminPageDeps): void {
  router.get(
    '/connected-apps',
    area.page(async ({ ctx, query, page }) => {
      const apps = await admin.connectedApps.list(ctx.site.id);
      const cursor = typeof query.after === 'string' ? query.after : undefined;
      const memberApps = await fromStartOnBadCursor(
        (after) => admin.applications.list(ctx.site.id, { limit: 100, cursor: after, audience: 'member' }),
        cursor,
      );
      return page('./admin/connected-apps', {
        titleKey: 'admin.connectedApps.title',
        current: '/admin/connected-apps',
        apps,
        memberApps: memberApps.data,
        nextMemberApps: memberApps.next_cursor,
        kinds: KIND_LABELS,
      });
    }),
  );

  router.get(
    '/connected-apps/revoke',
    area.page(async (call) => {
      const { client, person } = call.query;
      const app = (await admin.connectedApps.list(call.ctx.site.id)).find(
        (a) => a.clientRowId === client && a.personId === person,
      );
      if (!app) throw new AreaNotFound(textKey('admin.connectedApps.error.gone'));
      return revokeConfirmPage(
        call,
        { name: app.clientName, email: app.grantedBy, grants: app.grants },
        {
          action: '/admin/connected-apps/revoke',
          csrfToken: call.csrf(REVOKE_CONNECTED_APP_PURPOSE),
          fields: [
            ['client', app.clientRowId],
            ['person', app.personId],
          ],
          cancel: '/admin/connected-apps',
        },
      );
    }),
  );

  router.post(
    '/connected-apps/revoke',
    area.action(REVOKE_CONNECTED_APP_PURPOSE, async ({ actor, body }) => {
      const clientRowId = field(body, 'client');
      const personId = field(body, 'person');
      if (!isUuid(clientRowId) || !isUuid(personId)) throw new AreaNotFound(textKey('admin.connectedApps.error.gone'));
      await admin.connectedApps.revoke(actor, clientRowId, personId);
      return { redirect: '/admin/connected-apps?done=grant-revoked' };
    }),
  );
}
