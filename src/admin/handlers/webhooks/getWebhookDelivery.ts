import type {
  GetWebhookDeliveryData,
  GetWebhookDeliveryResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';
import { tokenReadAccess } from './read-access.ts';

export const getWebhookDelivery: AdminApiHandler<GetWebhookDeliveryData, GetWebhookDeliveryResponses> = async (
  { path },
  context,
) => ({
  status: 200,
  // The stored body is what the receiver got; its shape is one of the catalogue's (AnyWebhookEvent).
  body: (await context.services.admin.webhooks.getDelivery(
    context.site,
    path.webhook_id,
    path.delivery_id,
    tokenReadAccess(context),
  )) as GetWebhookDeliveryResponses[200],
});
