import type { GetWebhookEventData, GetWebhookEventResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';
import { tokenReadAccess } from './read-access.ts';

/** /webhooks.md "Events and recovery": one event, 403 insufficient-scope without its type's read scope. */
export const getWebhookEvent: AdminApiHandler<GetWebhookEventData, GetWebhookEventResponses> = async (
  { path },
  context,
) => ({
  status: 200,
  body: (await context.services.admin.webhookEvents.get(
    context.site,
    path.webhook_event_id,
    tokenReadAccess(context),
  )) as GetWebhookEventResponses[200],
});
