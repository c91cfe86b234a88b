import type {
  CancelSubscriptionData,
  CancelSubscriptionResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const cancelSubscription: OperationHandler<CancelSubscriptionData, CancelSubscriptionResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.subscriptions.cancel(site, path.subscription_id, body),
});
