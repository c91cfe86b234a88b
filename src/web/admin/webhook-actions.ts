// The buttons of an endpoint's page, each a form post: enable and disable (disabling abandons the
// deliveries still waiting), rotate the secret (the new one shown in this response only; the
// previous one keeps signing through the overlap), send a test event, and redeliver one delivery
// (the same event with the same webhook-id, due again at once), and recover the events missed since
// a date and time (/webhooks.md "Events and recovery"). Sending, redelivering and recovering to a
// disabled endpoint are refused by the service, and the page says why.
import { textKey } from '../../lib/text-key.ts';
import { instantOfWallClock } from '../../lib/wall-clock.ts';
import { field } from '../areas/forms.ts';
import type { AreaCall } from '../areas/area-route.ts';
import type { AdminPageDeps } from './types.ts';
import { deliveryId, endpointId, refusalOf, rotationOverlap, WEBHOOK_PURPOSES } from './webhook-form.ts';

/** A refusal of the service (a rule, such as "enable it first") as a 400 page in its words. */
function refusedPage({ page }: AreaCall, titleKey: string, error: unknown) {
  const refusal = refusalOf(error);
  if (!refusal) throw error;
  return page(
    './admin/message',
    {
      titleKey,
      message: refusal.text ?? textKey('admin.webhooks.actionRefused'),
      detail: refusal.details?.map((d) => d.detail).join('; '),
      status: 400,
    },
    400,
  );
}

export function mountWebhookActions({ router, area, admin }: AdminPageDeps): void {
  for (const [path, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    router.post(
      `/webhooks/:id/${path}`,
      area.action(WEBHOOK_PURPOSES.status, async ({ ctx, actor, params }) => {
        const id = endpointId(params.id);
        await admin.webhooks.setEnabled(ctx.site, actor, id, enabled);
        return { redirect: `/admin/webhooks/${id}?done=${enabled ? 'webhook-enabled' : 'webhook-disabled'}` };
      }),
    );
  }

  router.post(
    '/webhooks/:id/rotate-secret',
    area.action(WEBHOOK_PURPOSES.rotate, async (call) => {
      const { ctx, actor, params, page } = call;
      const id = endpointId(params.id);
      let rotated;
      try {
        rotated = await admin.webhooks.rotateSecret(ctx.site, actor, id, rotationOverlap(call.body));
      } catch (error) {
        return refusedPage(call, 'admin.webhooks.rotate', error);
      }
      const endpoint = await admin.webhooks.get(ctx.site, actor, id);
      return page('./admin/webhook-secret', {
        titleKey: 'admin.webhooks.newSecret.title',
        current: '/admin/webhooks',
        endpoint,
        secret: rotated.secret,
        previousSecretExpiresAt: rotated.previous_secret_expires_at,
        previousStopped: Date.parse(rotated.previous_secret_expires_at) <= Date.now(),
      });
    }),
  );

  router.post(
    '/webhooks/:id/test',
    area.action(WEBHOOK_PURPOSES.test, async (call) => {
      const id = endpointId(call.params.id);
      try {
        await admin.webhooks.sendTest(call.ctx.site, call.actor, id);
      } catch (error) {
        return refusedPage(call, 'admin.webhooks.test.refused', error);
      }
      return { redirect: `/admin/webhooks/${id}?done=webhook-test-sent` };
    }),
  );

  router.post(
    '/webhooks/:id/recover',
    area.action(WEBHOOK_PURPOSES.recover, async (call) => {
      const id = endpointId(call.params.id);
      // `since` as typed (datetime-local), in the school's time zone; the service refuses what is no time.
      const since = instantOfWallClock(field(call.body, 'since') ?? '', call.ctx.site.timeZone);
      try {
        await admin.webhooks.recover(call.ctx.site, call.actor, id, since);
      } catch (error) {
        return refusedPage(call, 'webhookRecovery.refused', error);
      }
      return { redirect: `/admin/webhooks/${id}?done=webhook-recovered` };
    }),
  );

  router.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    area.action(WEBHOOK_PURPOSES.redeliver, async (call) => {
      const id = endpointId(call.params.id);
      try {
        await admin.webhooks.redeliver(call.ctx.site, call.actor, id, deliveryId(call.params.deliveryId));
      } catch (error) {
        return refusedPage(call, 'admin.webhooks.deliveries.refused', error);
      }
      return { redirect: `/admin/webhooks/${id}?done=webhook-redelivered` };
    }),
  );
}
