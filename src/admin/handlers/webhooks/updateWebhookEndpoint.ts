import type {
  UpdateWebhookEndpointData,
  UpdateWebhookEndpointResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';
import { tokenReadAccess } from './read-access.ts';
import { actorOf } from '../../../services/people/role-changes.ts';

export const updateWebhookEndpoint: AdminApiHandler<UpdateWebhookEndpointData, UpdateWebhookEndpointResponses> = async (
  { path, body },
  context,
) => ({
  status: 200,
  body: await context.services.admin.webhooks.update(
    context.site,
    path.webhook_id,
    body,
    actorOf(context),
    tokenReadAccess(context),
  ),
});
