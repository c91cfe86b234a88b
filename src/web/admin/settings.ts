// Settings → Beta features. Saving writes the school's beta_features; the authorization endpoint
// reads the site on every request, so switching MCP connections off stops member applications
// from being authorized from the next request on (validate-request.ts: unauthorized_client).
import { isBetaFeatureKey } from '../../services/school/beta-features.ts';
import { checked, field } from '../areas/forms.ts';
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
