import type {
  DeleteWebhookEndpointData,
  DeleteWebhookEndpointResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';
import { actorOf } from '../../../services/people/role-changes.ts';

export const deleteWebhookEndpoint: AdminApiHandler<DeleteWebhookEndpointData, DeleteWebhookEndpointResponses> = async (
  { path },
  context,
) => {
  await context.services.admin.webhooks.remove(context.site, path.webhook_id, actorOf(context));
  return { status: 204, body: undefined };
};
