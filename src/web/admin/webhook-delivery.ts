// One delivery of an endpoint and every attempt of it (/webhooks.md "History"): when,
// how long, the status or the error class, and the first 4 KB of the receiver's answer, which is
// the receiver's text and shown as such (escaped, in a <pre>). The event's body is not shown here.
import type { AdminPageDeps } from './types.ts';
import { deliveryId, endpointId, WEBHOOK_WORDS } from './webhook-form.ts';

export function mountWebhookDelivery({ router, area, admin }: AdminPageDeps): void {
  router.get(
    '/webhooks/:id/deliveries/:deliveryId',
    area.page(async ({ ctx, actor, params, page }) => {
      const id = endpointId(params.id);
      const endpoint = await admin.webhooks.get(ctx.site, actor, id);
      const delivery = await admin.webhooks.delivery(ctx.site, actor, id, deliveryId(params.deliveryId));
      return page('./admin/webhook-delivery', {
        title: delivery.event_type,
        current: '/admin/webhooks',
        endpoint,
        delivery,
        words: WEBHOOK_WORDS,
      });
    }),
  );
}
