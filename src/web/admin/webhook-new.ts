// "New endpoint": the form, and POST /admin/webhooks, which answers with the endpoint and its
// signing secret. The secret is in that response only (no redirect, so it never sits in a URL or
// a later page); the database keeps it encrypted, and no page shows it again.
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
    area.action(WEBHOOK_PURPOSES.create, async ({ ctx, actor, body, page, csrf }) => {
      const form = readWebhookForm(body);
      try {
        const endpoint = await admin.webhooks.create(ctx.site, actor, form);
        return page(
          './admin/webhook-secret',
          {
            titleKey: 'admin.webhooks.created.title',
            current: '/admin/webhooks',
            endpoint,
            secret: endpoint.secret,
          },
          201,
        );
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
