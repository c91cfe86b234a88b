import type {
  RedeliverWebhookDeliveryData,
  RedeliverWebhookDeliveryResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const redeliverWebhookDelivery: AdminApiHandler<
  RedeliverWebhookDeliveryData,
  RedeliverWebhookDeliveryResponses
> = async ({ path }, context) => ({
  status: 202,
  body: await context.services.admin.webhooks.redeliver(context.site, path.webhook_id, path.delivery_id),
});
