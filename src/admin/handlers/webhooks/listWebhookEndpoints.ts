import type {
  ListWebhookEndpointsData,
  ListWebhookEndpointsResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const listWebhookEndpoints: OperationHandler<ListWebhookEndpointsData, ListWebhookEndpointsResponses> = async (
  { query },
  context,
) => ({
  status: 200,
  body: await context.services.admin.webhooks.list(context.site, query ?? {}),
});
