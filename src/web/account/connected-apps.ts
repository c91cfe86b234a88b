// "Connected applications": each client the person authorized at this school (their live grants,
// grouped by client), with "Revoke", which ends every grant and token of it at once and forgets
// the remembered consent.
import { AreaNotFound } from '../../services/audit/actor.ts';
import { field, isUuid } from '../areas/forms.ts';
import type { AccountPageDeps } from './types.ts';
import { textKey } from '../../lib/text-key.ts';

export const REVOKE_APPLICATION_PURPOSE = 'account:connected-apps:revoke';

export function mountAccountConnectedApps({ router, area, apps }: AccountPageDeps): void {
  router.get(
    '/connected-apps',
    area.page(async ({ ctx, person, page, csrf }) => {
      const connected = await apps.list(ctx.site.id, person.personId);
      return page('./account/connected-apps', {
        titleKey: 'account.apps.title',
        current: '/account/connected-apps',
        apps: connected,
        csrfToken: csrf(REVOKE_APPLICATION_PURPOSE),
      });
    }),
  );

  router.post(
    '/connected-apps/revoke',
    area.action(REVOKE_APPLICATION_PURPOSE, async ({ actor, body }) => {
      const client = field(body, 'client');
      if (!isUuid(client)) throw new AreaNotFound(textKey('area.error.accountAppGone'));
      await apps.revoke(actor, client);
      return { redirect: '/account/connected-apps?done=revoked' };
    }),
  );
}
