import type {
  SendWebhookTestEventData,
  SendWebhookTestEventResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const sendWebhookTestEvent: AdminApiHandler<SendWebhookTestEventData, SendWebhookTestEventResponses> = async (
  { path },
  context,
) => ({
  status: 202,
  body: await context.services.admin.webhooks.sendTest(context.site, path.webhook_id),
});
