import type {
  ListSubscriptionsData,
  ListSubscriptionsResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listSubscriptions: AdminApiHandler<ListSubscriptionsData, ListSubscriptionsResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.subscriptions.list(site, query),
});
