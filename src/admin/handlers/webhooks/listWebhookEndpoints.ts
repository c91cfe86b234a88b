import type {
  ListWebhookEndpointsData,
  ListWebhookEndpointsResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listWebhookEndpoints: AdminApiHandler<ListWebhookEndpointsData, ListWebhookEndpointsResponses> = async (
  { query },
  context,
) => ({
  status: 200,
  body: await context.services.admin.webhooks.list(context.site, query ?? {}),
});
