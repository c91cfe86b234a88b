import type {
  RedeliverWebhookDeliveryData,
  RedeliverWebhookDeliveryResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const redeliverWebhookDelivery: OperationHandler<
  RedeliverWebhookDeliveryData,
  RedeliverWebhookDeliveryResponses
> = async ({ path }, context) => ({
  status: 202,
  body: await context.services.admin.webhooks.redeliver(context.site, path.webhook_id, path.delivery_id),
});
