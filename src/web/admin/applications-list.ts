// GET /admin/applications: the school's member applications (kind member_app).
import { requireMcpSection } from './application-form.ts';
import type { AdminPageDeps } from './types.ts';

export function mountApplicationsList({ router, area, admin }: AdminPageDeps): void {
  router.get(
    '/applications',
    area.page(async ({ ctx, page }) => {
      requireMcpSection(ctx.site);
      const apps = await admin.memberApps.list(ctx.site.id);
      return page('./admin/applications', {
        titleKey: 'admin.applications.title',
        current: '/admin/applications',
        apps,
      });
    }),
  );
}
