// Deleting an endpoint, in two steps (no script may ask "are you sure?" under this CSP): a page
// that says what will happen, then POST, which deletes the endpoint with its secrets and
// deliveries (foreign keys cascade); its receiver gets nothing more.
import type { AdminPageDeps } from './types.ts';
import { endpointId, WEBHOOK_PURPOSES } from './webhook-form.ts';

export function mountWebhookDelete({ router, area, admin }: AdminPageDeps): void {
  router.get(
    '/webhooks/:id/delete',
    area.page(async ({ ctx, actor, params, page, csrf }) => {
      const endpoint = await admin.webhooks.get(ctx.site, actor, endpointId(params.id));
      return page('./admin/webhook-delete', {
        titleKey: 'admin.webhooks.delete.title',
        current: '/admin/webhooks',
        endpoint,
        csrfToken: csrf(WEBHOOK_PURPOSES.delete),
      });
    }),
  );

  router.post(
    '/webhooks/:id/delete',
    area.action(WEBHOOK_PURPOSES.delete, async ({ ctx, actor, params }) => {
      await admin.webhooks.remove(ctx.site, actor, endpointId(params.id));
      return { redirect: '/admin/webhooks?done=webhook-deleted' };
    }),
  );
}
