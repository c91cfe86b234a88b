import type {
  ChangeSubscriptionPlanData,
  ChangeSubscriptionPlanResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const changeSubscriptionPlan: OperationHandler<
  ChangeSubscriptionPlanData,
  ChangeSubscriptionPlanResponses
> = async ({ path, body }, { site, services }) => ({
  status: 200,
  body: await services.admin.subscriptions.changePlan(site, path.subscription_id, body),
});
