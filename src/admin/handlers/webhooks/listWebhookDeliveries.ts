import type {
  ListWebhookDeliveriesData,
  ListWebhookDeliveriesResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listWebhookDeliveries: AdminApiHandler<ListWebhookDeliveriesData, ListWebhookDeliveriesResponses> = async (
  { path, query },
  context,
) => ({
  status: 200,
  body: await context.services.admin.webhooks.listDeliveries(context.site, path.webhook_id, query ?? {}),
});
