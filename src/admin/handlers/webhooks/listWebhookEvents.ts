import type {
  ListWebhookEventsData,
  ListWebhookEventsResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';
import { tokenHoldsScope, tokenReadAccess } from './read-access.ts';

/** /webhooks.md "Events and recovery": the event log, only the types the token may read. */
export const listWebhookEvents: AdminApiHandler<ListWebhookEventsData, ListWebhookEventsResponses> = async (
  { query },
  context,
) => ({
  status: 200,
  // Stored bodies of the catalogue's shapes (AnyWebhookEvent), as getWebhookDelivery answers them.
  body: (await context.services.admin.webhookEvents.list(
    context.site,
    query ?? {},
    tokenReadAccess(context),
    tokenHoldsScope(context),
  )) as ListWebhookEventsResponses[200],
});
