// "New endpoint": the form, and POST /admin/webhooks, which redirects (303) to the endpoint's
// "shown once" page (webhook-actions.ts) with its signing secret, stored for that one display
// (shown-once.ts), never in a URL; the database keeps it encrypted. A reload creates nothing.
import { redirectShowingOnce } from './shown-once.ts';
import type { AdminPageDeps } from './types.ts';
import { refusalOf, readWebhookForm, WEBHOOK_PURPOSES, webhookFormValues } from './webhook-form.ts';

const EMPTY = { url: '', description: '', eventTypes: [] };

export function mountWebhookNew({ router, area, admin }: AdminPageDeps): void {
  router.get(
    '/webhooks/new',
    area.page(async ({ page, csrf }) =>
      page('./admin/webhook-new', {
        titleKey: 'admin.webhooks.new.title',
        current: '/admin/webhooks',
        form: webhookFormValues(EMPTY),
        csrfToken: csrf(WEBHOOK_PURPOSES.create),
      }),
    ),
  );

  router.post(
    '/webhooks',
    area.action(WEBHOOK_PURPOSES.create, async (call) => {
      const { ctx, actor, body, page, csrf } = call;
      const form = readWebhookForm(body);
      try {
        const endpoint = await admin.webhooks.create(ctx.site, actor, form);
        return await redirectShowingOnce(call, `/admin/webhooks/${endpoint.id}/secret`, {
          secret: endpoint.secret,
          kind: 'created',
        });
      } catch (error) {
        const refusal = refusalOf(error);
        if (!refusal) throw error;
        return page(
          './admin/webhook-new',
          {
            titleKey: 'admin.webhooks.new.title',
            current: '/admin/webhooks',
            form: webhookFormValues(form),
            csrfToken: csrf(WEBHOOK_PURPOSES.create),
            refusal,
          },
          400,
        );
      }
    }),
  );
}
