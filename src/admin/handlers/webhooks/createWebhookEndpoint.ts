import type {
  CreateWebhookEndpointData,
  CreateWebhookEndpointResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';
import { tokenReadAccess } from './read-access.ts';
import { actorOf } from '../../../services/people/role-changes.ts';

export const createWebhookEndpoint: AdminApiHandler<CreateWebhookEndpointData, CreateWebhookEndpointResponses> = async (
  { body },
  context,
) => ({
  status: 201,
  body: await context.services.admin.webhooks.create(context.site, body, actorOf(context), tokenReadAccess(context)),
});
