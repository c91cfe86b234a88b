import type { GetSubscriptionData, GetSubscriptionResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const getSubscription: AdminApiHandler<GetSubscriptionData, GetSubscriptionResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.subscriptions.get(site, path.subscription_id),
});
