import type {
  UpdateWebhookEndpointData,
  UpdateWebhookEndpointResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';
import { tokenReadAccess } from './read-access.ts';
import { actorOf } from '../../../services/people/role-changes.ts';

export const updateWebhookEndpoint: OperationHandler<
  UpdateWebhookEndpointData,
  UpdateWebhookEndpointResponses
> = async ({ path, body }, context) => ({
  status: 200,
  body: await context.services.admin.webhooks.update(
    context.site,
    path.webhook_id,
    body,
    actorOf(context),
    tokenReadAccess(context),
  ),
});
