// GET /admin/webhooks: the school's webhook endpoints, newest first, 50 at a time, each with its
// URL, description, event types and status; a disabled one says why and since when, so that an
// endpoint the delivery worker gave up on is seen at a glance.
import type { AdminPageDeps } from './types.ts';
import { WEBHOOK_WORDS } from './webhook-form.ts';

export function mountWebhooksList({ router, area, admin }: AdminPageDeps): void {
  router.get(
    '/webhooks',
    area.page(async ({ ctx, actor, query, page }) => {
      const cursor = typeof query.before === 'string' ? query.before : undefined;
      const { endpoints, older } = await admin.webhooks.list(ctx.site, actor, cursor);
      return page('./admin/webhooks', {
        titleKey: 'admin.webhooks.title',
        current: '/admin/webhooks',
        endpoints,
        older,
        isFirstPage: !cursor,
        words: WEBHOOK_WORDS,
      });
    }),
  );
}
