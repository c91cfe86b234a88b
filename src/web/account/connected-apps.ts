// "Connected applications": each client the person authorized at this school (their live grants,
// grouped by client), with "Revoke", which ends every grant and token of it at once and forgets
// the remembered consent.
import { scopeInfo } from '../../oauth/scopes.ts';
import { AreaNotFound } from '../../services/admin-area/actor.ts';
import { field, isUuid } from '../areas/forms.ts';
import type { AccountPageDeps } from './types.ts';

export const REVOKE_APPLICATION_PURPOSE = 'account:connected-apps:revoke';

export function mountAccountConnectedApps({ router, area, apps }: AccountPageDeps): void {
  router.get('/connected-apps', area.page(async ({ ctx, person, page, csrf }) => {
    const connected = (await apps.list(ctx.site.id, person.personId)).map((app) => ({
      ...app,
      scopes: app.scopes.map((name) => ({ name, meaning: scopeInfo(name)?.meaning ?? name })),
    }));
    return page('./account/connected-apps', { title: 'Connected applications', current: '/account/connected-apps', apps: connected, csrfToken: csrf(REVOKE_APPLICATION_PURPOSE) });
  }));

  router.post('/connected-apps/revoke', area.action(REVOKE_APPLICATION_PURPOSE, async ({ actor, body }) => {
    const client = field(body, 'client');
    if (!isUuid(client)) throw new AreaNotFound('This application has no access to your account any more.');
    await apps.revoke(actor, client);
    return { redirect: '/account/connected-apps?done=revoked' };
  }));
}
