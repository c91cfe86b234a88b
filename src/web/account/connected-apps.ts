// "Connected applications": each client the person authorized at this school (their live grants,
// grouped by client), with "Revoke", which ends every grant and token of it at once and forgets
// the remembered consent. Revoking cannot be undone, so "Revoke" leads to a confirmation page
// (areas/confirm-page.ts) saying how many grants end; its form posts the change.
import { AreaNotFound } from '../../services/audit/actor.ts';
import { field, isUuid } from '../areas/forms.ts';
import { confirmPage } from '../areas/confirm-page.ts';
import type { AccountPageDeps } from './types.ts';
import { textKey } from '../../lib/text-key.ts';

export const REVOKE_APPLICATION_PURPOSE = 'account:connected-apps:revoke';

/** The client row of a path or form: a UUID, or the page saying the application is gone. */
function clientRowId(value: string | undefined): string {
  if (!isUuid(value)) throw new AreaNotFound(textKey('area.error.accountAppGone'));
  return value;
}

export function mountAccountConnectedApps({ router, area, apps }: AccountPageDeps): void {
  router.get(
    '/connected-apps',
    area.page(async ({ ctx, person, page }) => {
      const connected = await apps.list(ctx.site.id, person.personId);
      return page('./account/connected-apps', {
        titleKey: 'account.apps.title',
        current: '/account/connected-apps',
        apps: connected,
      });
    }),
  );

  router.get(
    '/connected-apps/:client/revoke',
    area.page(async (call) => {
      const app = await apps.find(call.ctx.site.id, call.person.personId, clientRowId(call.params.client));
      return confirmPage(call, {
        titleKey: 'account.apps.confirm.title',
        titleVars: { name: app.clientName },
        current: '/account/connected-apps',
        consequences: [
          textKey('account.apps.confirm.text', { name: app.clientName, count: app.grants }),
          textKey('account.apps.confirm.after', { name: app.clientName }),
        ],
        action: '/account/connected-apps/revoke',
        csrfToken: call.csrf(REVOKE_APPLICATION_PURPOSE),
        fields: [['client', app.clientRowId]],
        button: textKey('admin.revoke'),
        cancel: '/account/connected-apps',
      });
    }),
  );

  router.post(
    '/connected-apps/revoke',
    area.action(REVOKE_APPLICATION_PURPOSE, async ({ actor, body }) => {
      await apps.revoke(actor, clientRowId(field(body, 'client')));
      return { redirect: '/account/connected-apps?done=revoked' };
    }),
  );
}
