// Deleting an application, in two steps (no script may ask "are you sure?" under this CSP): a
// page that says what will happen, then POST, which deletes the client; its grants and tokens go
// with it (foreign keys cascade), so every connected member loses access at once.
import { appId, requireMcpSection } from './application-form.ts';
import type { AdminPageDeps } from './types.ts';

export const DELETE_APPLICATION_PURPOSE = 'admin:applications:delete';

export function mountApplicationDelete({ router, area, admin }: AdminPageDeps): void {
  router.get(
    '/applications/:id/delete',
    area.page(async ({ ctx, params, page, csrf }) => {
      requireMcpSection(ctx.site);
      const app = await admin.memberApps.get(ctx.site.id, appId(params.id));
      return page('./admin/application-delete', {
        titleKey: 'admin.applications.delete.title',
        titleVars: { name: app.name },
        current: '/admin/applications',
        app,
        csrfToken: csrf(DELETE_APPLICATION_PURPOSE),
      });
    }),
  );

  router.post(
    '/applications/:id/delete',
    area.action(DELETE_APPLICATION_PURPOSE, async ({ ctx, actor, params }) => {
      requireMcpSection(ctx.site);
      await admin.memberApps.remove(actor, appId(params.id));
      return { redirect: '/admin/applications?done=app-deleted' };
    }),
  );
}
