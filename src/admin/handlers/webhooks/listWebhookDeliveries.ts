import type {
  ListWebhookDeliveriesData,
  ListWebhookDeliveriesResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const listWebhookDeliveries: OperationHandler<
  ListWebhookDeliveriesData,
  ListWebhookDeliveriesResponses
> = async ({ path, query }, context) => ({
  status: 200,
  body: await context.services.admin.webhooks.listDeliveries(context.site, path.webhook_id, query ?? {}),
});
