import type {
  CancelSubscriptionData,
  CancelSubscriptionResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const cancelSubscription: AdminApiHandler<CancelSubscriptionData, CancelSubscriptionResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.subscriptions.cancel(site, path.subscription_id, body),
});
