import type {
  GetWebhookEndpointData,
  GetWebhookEndpointResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const getWebhookEndpoint: AdminApiHandler<GetWebhookEndpointData, GetWebhookEndpointResponses> = async (
  { path },
  context,
) => ({
  status: 200,
  body: await context.services.admin.webhooks.get(context.site, path.webhook_id),
});
