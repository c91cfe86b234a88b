import type {
  GetWebhookEndpointData,
  GetWebhookEndpointResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const getWebhookEndpoint: OperationHandler<GetWebhookEndpointData, GetWebhookEndpointResponses> = async (
  { path },
  context,
) => ({
  status: 200,
  body: await context.services.admin.webhooks.get(context.site, path.webhook_id),
});
