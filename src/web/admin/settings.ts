// Settings → Beta features. Saving writes the school's beta_features; the authorization endpoint
// reads the site on every request, so switching MCP connections off stops member applications
// from being authorized from the next request on (validate-request.ts: unauthorized_client). The
// switch shows the saved state; switching MCP connections off asks first, with the numbers it ends.
import { isBetaFeatureKey } from '../../services/school/beta-features.ts';
import { textKey } from '../../lib/text-key.ts';
import { AreaNotFound } from '../../services/audit/actor.ts';
import { checked, field } from '../areas/forms.ts';
import { confirmPage } from '../areas/confirm-page.ts';
import type { AdminPageDeps } from './types.ts';

export const BETA_FEATURES_PURPOSE = 'admin:beta-features';

export function mountSettings({ router, area, admin }: AdminPageDeps): void {
  router.get(
    '/settings',
    area.page(async ({ ctx, page, csrf }) =>
      page('./admin/settings', {
        titleKey: 'admin.settings.title',
        current: '/admin/settings',
        features: admin.settings.features(ctx.site),
        csrfToken: csrf(BETA_FEATURES_PURPOSE),
      }),
    ),
  );

  router.get(
    '/settings/beta-features/:feature/off',
    area.page(async (call) => {
      const feature = admin.settings.features(call.ctx.site).find((f) => f.key === call.params.feature);
      if (!feature?.offWarning) throw new AreaNotFound(textKey('area.error.noPage'));
      // Every member application with live access, and the people holding it (a person using two counts twice).
      let apps = 0;
      let members = 0;
      let cursor: string | undefined;
      do {
        const page = await admin.applications.list(call.ctx.site.id, { limit: 100, cursor, audience: 'member' });
        for (const app of page.data.filter((a) => a.members_with_access > 0)) {
          apps += 1;
          members += app.members_with_access;
        }
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      return confirmPage(call, {
        titleKey: 'adminSafety.confirm.mcpOff.title',
        current: '/admin/settings',
        consequences: [
          textKey('adminSafety.confirm.mcpOff.text', { count: apps }),
          textKey('adminSafety.confirm.mcpOff.members', { count: members }),
          textKey(feature.offWarning),
        ],
        action: '/admin/settings/beta-features',
        csrfToken: call.csrf(BETA_FEATURES_PURPOSE),
        fields: [['feature', feature.key]],
        button: textKey('adminSafety.confirm.mcpOff.button', { count: apps }),
        cancel: '/admin/settings',
      });
    }),
  );

  router.post(
    '/settings/beta-features',
    area.action(BETA_FEATURES_PURPOSE, async ({ actor, body, page, csrf, ctx }) => {
      const feature = field(body, 'feature') ?? '';
      if (!isBetaFeatureKey(feature)) {
        return page(
          './admin/settings',
          {
            titleKey: 'admin.settings.title',
            current: '/admin/settings',
            features: admin.settings.features(ctx.site),
            csrfToken: csrf(BETA_FEATURES_PURPOSE),
            error: 'admin.settings.unknownFeature',
          },
          400,
        );
      }
      await admin.settings.setBetaFeature(actor, feature, checked(body, 'enabled'));
      return { redirect: '/admin/settings?done=settings' };
    }),
  );
}
