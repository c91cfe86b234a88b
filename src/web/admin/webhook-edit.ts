// One endpoint: its settings and, when disabled, why and since when; the edit form (URL,
// description, event types); enable or disable, rotate the secret, send a test event, recover
// missed events, delete; and
// its recent deliveries, 20 at a time, each with "Redeliver". Its secret is never shown here: only
// the response that created or rotated it carried it.
import type { AreaCall } from '../areas/area-route.ts';
import { deliveryProblem } from './delivery-problem.ts';
import type { AdminPageDeps } from './types.ts';
import {
  endpointId,
  readWebhookForm,
  refusalOf,
  ROTATION_OVERLAP_CHOICES,
  WEBHOOK_PURPOSES,
  WEBHOOK_WORDS,
  webhookFormValues,
  type Refusal,
} from './webhook-form.ts';
import type { EndpointForm } from '../../services/webhooks/endpoint-form.ts';
import { wallClockOf } from '../../lib/wall-clock.ts';
import { ROTATION_OVERLAP_SECONDS } from '../../services/webhooks/secrets.ts';

export function mountWebhookEdit({ router, area, admin }: AdminPageDeps): void {
  /** The endpoint's page; `form` and `refusal` when a save was refused. */
  async function view(call: AreaCall, id: string, form?: EndpointForm, refusal?: Refusal) {
    const { ctx, actor, query, page, csrf } = call;
    const cursor = typeof query.before === 'string' ? query.before : undefined;
    const endpoint = await admin.webhooks.get(ctx.site, actor, id);
    const { deliveries, older } = await admin.webhooks.deliveries(ctx.site, actor, id, cursor);
    return page(
      './admin/webhook',
      {
        title: endpoint.url,
        current: '/admin/webhooks',
        endpoint,
        deliveries,
        older,
        isFirstPage: !cursor,
        words: WEBHOOK_WORDS,
        deliveryProblem,
        form: webhookFormValues(
          form ?? { url: endpoint.url, description: endpoint.description, eventTypes: endpoint.event_types },
        ),
        refusal,
        overlapChoices: ROTATION_OVERLAP_CHOICES,
        defaultOverlap: ROTATION_OVERLAP_SECONDS,
        csrfTokens: {
          edit: csrf(WEBHOOK_PURPOSES.edit),
          status: csrf(WEBHOOK_PURPOSES.status),
          test: csrf(WEBHOOK_PURPOSES.test),
          redeliver: csrf(WEBHOOK_PURPOSES.redeliver),
          recover: csrf(WEBHOOK_PURPOSES.recover),
        },
        // The recovery form starts a day back, in the school's time zone (/webhooks.md "Events and recovery").
        recoverSince: wallClockOf(new Date(Date.now() - 24 * 3600 * 1000), ctx.site.timeZone),
      },
      refusal ? 400 : 200,
    );
  }

  router.get(
    '/webhooks/:id',
    area.page((call) => view(call, endpointId(call.params.id))),
  );

  router.post(
    '/webhooks/:id',
    area.action(WEBHOOK_PURPOSES.edit, async (call) => {
      const id = endpointId(call.params.id);
      const form = readWebhookForm(call.body);
      try {
        await admin.webhooks.update(call.ctx.site, call.actor, id, form);
      } catch (error) {
        const refusal = refusalOf(error);
        if (!refusal) throw error;
        return view(call, id, form, refusal);
      }
      return { redirect: `/admin/webhooks/${id}?done=webhook-updated` };
    }),
  );
}
