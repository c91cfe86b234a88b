import type {
  RecoverWebhookEndpointData,
  RecoverWebhookEndpointResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';
import { actorOf } from '../../../services/people/role-changes.ts';

/** /webhooks.md "Events and recovery": the missed events of a range, queued for this endpoint. */
export const recoverWebhookEndpoint: AdminApiHandler<
  RecoverWebhookEndpointData,
  RecoverWebhookEndpointResponses
> = async ({ path, body }, context) => ({
  status: 202,
  body: await context.services.admin.webhooks.recover(context.site, path.webhook_id, body, actorOf(context)),
});
