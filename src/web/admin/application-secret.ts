// An application's secret: "Rotate secret" asks first (GET .../rotate-secret: the old secret stops
// working at once, its hash is replaced), then POST rotates and redirects (303) to the "shown
// once" page, which also follows "New application". That page shows the client ID, and the secret
// on its first display only (shown-once.ts); a reload says it was shown and offers rotation.
import { ClientRuleError } from '../../services/auth/clients/manage-clients.ts';
import { appId, requireMcpSection } from './application-form.ts';
import { confirmPage } from '../areas/confirm-page.ts';
import { redirectShowingOnce, takeShownSecret } from './shown-once.ts';
import type { AdminPageDeps } from './types.ts';
import { textKey } from '../../lib/text-key.ts';

export const ROTATE_SECRET_PURPOSE = 'admin:applications:rotate-secret';

export function mountApplicationSecret({ router, area, admin }: AdminPageDeps): void {
  router.get(
    '/applications/:id/secret',
    area.page(async (call) => {
      requireMcpSection(call.ctx.site);
      const app = await admin.memberApps.get(call.ctx.site.id, appId(call.params.id));
      const shown = await takeShownSecret(call);
      return call.page('./admin/application-created', {
        titleKey: shown?.kind === 'rotated' ? 'admin.applications.newSecret.title' : 'admin.applications.created.title',
        current: '/admin/applications',
        client: app,
        shown,
        clientSecret: shown?.secret ?? undefined,
        confidential: app.authMethod !== 'none',
      });
    }),
  );

  router.get(
    '/applications/:id/rotate-secret',
    area.page(async (call) => {
      requireMcpSection(call.ctx.site);
      const app = await admin.memberApps.get(call.ctx.site.id, appId(call.params.id));
      return confirmPage(call, {
        titleKey: 'adminSafety.confirm.appSecret.title',
        titleVars: { name: app.name },
        current: '/admin/applications',
        consequences: [
          textKey('adminSafety.confirm.appSecret.text', { name: app.name }),
          textKey('adminSafety.confirm.appSecret.after'),
        ],
        action: `/admin/applications/${app.rowId}/rotate-secret`,
        csrfToken: call.csrf(ROTATE_SECRET_PURPOSE),
        button: textKey('admin.applications.rotate'),
        cancel: `/admin/applications/${app.rowId}`,
      });
    }),
  );

  router.post(
    '/applications/:id/rotate-secret',
    area.action(ROTATE_SECRET_PURPOSE, async (call) => {
      requireMcpSection(call.ctx.site);
      const id = appId(call.params.id);
      try {
        const { client, clientSecret } = await admin.memberApps.rotateSecret(call.actor, id);
        return await redirectShowingOnce(call, `/admin/applications/${client.rowId}/secret`, {
          secret: clientSecret ?? null,
          kind: 'rotated',
        });
      } catch (error) {
        if (!(error instanceof ClientRuleError)) throw error;
        return call.page(
          './admin/message',
          {
            titleKey: 'admin.applications.cannotRotate',
            message: textKey('admin.applications.ruleError'),
            detail: error.message,
            status: 400,
          },
          400,
        );
      }
    }),
  );
}
