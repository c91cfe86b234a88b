import type { GetSubscriptionData, GetSubscriptionResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const getSubscription: OperationHandler<GetSubscriptionData, GetSubscriptionResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.subscriptions.get(site, path.subscription_id),
});
