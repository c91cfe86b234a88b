// POST /admin/applications/:id/rotate-secret: a new secret for a confidential application, shown
// in this response only; the old secret stops working at once (its hash is replaced).
import { ClientRuleError } from '../../services/auth/clients/manage-clients.ts';
import { appId, requireMcpSection } from './application-form.ts';
import type { AdminPageDeps } from './types.ts';
import { textKey } from '../../lib/text-key.ts';

export const ROTATE_SECRET_PURPOSE = 'admin:applications:rotate-secret';

export function mountApplicationSecret({ router, area, admin }: AdminPageDeps): void {
  router.post(
    '/applications/:id/rotate-secret',
    area.action(ROTATE_SECRET_PURPOSE, async ({ ctx, actor, params, page }) => {
      requireMcpSection(ctx.site);
      const id = appId(params.id);
      try {
        const { client, clientSecret } = await admin.memberApps.rotateSecret(actor, id);
        return page('./admin/application-created', {
          titleKey: 'admin.applications.newSecret.title',
          current: '/admin/applications',
          client,
          clientSecret,
        });
      } catch (error) {
        if (!(error instanceof ClientRuleError)) throw error;
        return page(
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
