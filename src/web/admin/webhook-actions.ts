// The buttons of an endpoint's page, each a form post: enable, and disable (disabling abandons the
// deliveries still waiting, so it asks first on a page that says how many), rotate the secret (the previous one keeps signing through the overlap
// the operator chose), send a test event, redeliver one delivery (the same event with the same
// webhook-id, due again at once), and recover the events missed since a date and time
// (/webhooks.md "Events and recovery"). Rotating asks first, on a page that names the chosen overlap,
// and shows the new secret once after its redirect (shown-once.ts). Sending, redelivering and recovering to a
// disabled endpoint are refused by the service, and the page says why.
import { textKey } from '../../lib/text-key.ts';
import { instantOfWallClock } from '../../lib/wall-clock.ts';
import { field } from '../areas/forms.ts';
import type { AreaCall } from '../areas/area-route.ts';
import { ROTATION_OVERLAP_SECONDS } from '../../services/webhooks/secrets.ts';
import { confirmPage } from '../areas/confirm-page.ts';
import { redirectShowingOnce, takeShownSecret } from './shown-once.ts';
import type { AdminPageDeps } from './types.ts';
import {
  deliveryId,
  endpointId,
  refusalOf,
  ROTATION_OVERLAP_CHOICES,
  rotationOverlap,
  WEBHOOK_PURPOSES,
} from './webhook-form.ts';

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

  router.get(
    '/webhooks/:id/disable',
    area.page(async (call) => {
      const id = endpointId(call.params.id);
      const { endpoint, waiting } = await admin.webhooks.disableOutcome(call.ctx.site, call.actor, id);
      // Disabled already (another tab, the delivery worker): nothing to ask, the page says so.
      if (endpoint.status === 'disabled') return { redirect: `/admin/webhooks/${endpoint.id}` };
      return confirmPage(call, {
        titleKey: 'adminSafety.confirm.webhookDisable.title',
        current: '/admin/webhooks',
        consequences: [
          textKey('adminSafety.confirm.webhookDisable.text', { url: endpoint.url }),
          waiting === 0
            ? textKey('adminSafety.confirm.webhookDisable.noneWaiting')
            : textKey('adminSafety.confirm.webhookDisable.waiting', { count: waiting }),
          textKey('adminSafety.confirm.webhookDisable.after'),
        ],
        action: `/admin/webhooks/${endpoint.id}/disable`,
        csrfToken: call.csrf(WEBHOOK_PURPOSES.status),
        button: textKey('admin.webhooks.disable'),
        cancel: `/admin/webhooks/${endpoint.id}`,
      });
    }),
  );

  router.get(
    '/webhooks/:id/rotate-secret',
    area.page(async (call) => {
      const endpoint = await admin.webhooks.get(call.ctx.site, call.actor, endpointId(call.params.id));
      // The overlap chosen on the endpoint's page; anything but one of its choices is the default.
      const asked = Number(typeof call.query.overlap_seconds === 'string' ? call.query.overlap_seconds : NaN);
      const overlap = ROTATION_OVERLAP_CHOICES.find((choice) => choice === asked) ?? ROTATION_OVERLAP_SECONDS;
      return confirmPage(call, {
        titleKey: 'adminSafety.confirm.webhookSecret.title',
        current: '/admin/webhooks',
        consequences: [
          textKey('adminSafety.confirm.webhookSecret.text', { url: endpoint.url }),
          overlap === 0
            ? textKey('adminSafety.confirm.webhookSecret.overlapNone')
            : textKey('adminSafety.confirm.webhookSecret.overlap', { count: overlap / 3_600 }),
        ],
        action: `/admin/webhooks/${endpoint.id}/rotate-secret`,
        csrfToken: call.csrf(WEBHOOK_PURPOSES.rotate),
        fields: [['overlap_seconds', String(overlap)]],
        button: textKey('admin.webhooks.rotate'),
        cancel: `/admin/webhooks/${endpoint.id}`,
      });
    }),
  );

  router.post(
    '/webhooks/:id/rotate-secret',
    area.action(WEBHOOK_PURPOSES.rotate, async (call) => {
      const id = endpointId(call.params.id);
      let rotated;
      try {
        rotated = await admin.webhooks.rotateSecret(call.ctx.site, call.actor, id, rotationOverlap(call.body));
      } catch (error) {
        return refusedPage(call, 'admin.webhooks.rotate', error);
      }
      return redirectShowingOnce(call, `/admin/webhooks/${id}/secret`, {
        secret: rotated.secret,
        kind: 'rotated',
        previousSecretExpiresAt: rotated.previous_secret_expires_at,
      });
    }),
  );

  // The page "New endpoint" and "Rotate secret" redirect to: the secret on its first display only.
  router.get(
    '/webhooks/:id/secret',
    area.page(async (call) => {
      const endpoint = await admin.webhooks.get(call.ctx.site, call.actor, endpointId(call.params.id));
      const shown = await takeShownSecret(call);
      return call.page('./admin/webhook-secret', {
        titleKey: shown?.kind === 'rotated' ? 'admin.webhooks.newSecret.title' : 'admin.webhooks.created.title',
        current: '/admin/webhooks',
        endpoint,
        secret: shown?.secret ?? undefined,
        previousSecretExpiresAt: shown?.previousSecretExpiresAt,
        previousStopped: shown?.previousSecretExpiresAt
          ? Date.parse(shown.previousSecretExpiresAt) <= Date.now()
          : false,
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
