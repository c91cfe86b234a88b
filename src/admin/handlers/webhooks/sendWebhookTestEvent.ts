import type {
  SendWebhookTestEventData,
  SendWebhookTestEventResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const sendWebhookTestEvent: OperationHandler<SendWebhookTestEventData, SendWebhookTestEventResponses> = async (
  { path },
  context,
) => ({
  status: 202,
  body: await context.services.admin.webhooks.sendTest(context.site, path.webhook_id),
});
