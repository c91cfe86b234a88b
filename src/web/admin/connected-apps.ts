// "Connected apps": operator-audience clients (vendor integrations, loopback clients, metadata-
// document clients) holding live grants at this school, each with who allowed it, when and which
// scopes, and "Revoke", which ends those grants and with them every token at once.
import { AreaNotFound } from '../../services/admin-area/actor.ts';
import { field, isUuid } from '../areas/forms.ts';
import type { AdminPageDeps } from './types.ts';

export const REVOKE_CONNECTED_APP_PURPOSE = 'admin:connected-apps:revoke';

export const KIND_LABELS: Record<string, string> = {
  vendor: 'Vendor integration',
  loopback: 'Application on a computer (loopback)',
  metadata_document: 'Client metadata document',
  member_app: 'Member application',
};

export function mountConnectedApps({ router, area, admin }: AdminPageDeps): void {
  router.get('/connected-apps', area.page(async ({ ctx, page, csrf }) => {
    const apps = await admin.connectedApps.list(ctx.site.id);
    return page('./admin/connected-apps', { title: 'Connected apps', current: '/admin/connected-apps', apps, kinds: KIND_LABELS, csrfToken: csrf(REVOKE_CONNECTED_APP_PURPOSE) });
  }));

  router.post('/connected-apps/revoke', area.action(REVOKE_CONNECTED_APP_PURPOSE, async ({ actor, body }) => {
    const clientRowId = field(body, 'client');
    const personId = field(body, 'person');
    if (!isUuid(clientRowId) || !isUuid(personId)) throw new AreaNotFound('This application holds no access at this school any more.');
    await admin.connectedApps.revoke(actor, clientRowId, personId);
    return { redirect: '/admin/connected-apps?done=grant-revoked' };
  }));
}
