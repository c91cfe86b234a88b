import type {
  ChangeSubscriptionPlanData,
  ChangeSubscriptionPlanResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const changeSubscriptionPlan: AdminApiHandler<
  ChangeSubscriptionPlanData,
  ChangeSubscriptionPlanResponses
> = async ({ path, body }, { site, services }) => ({
  status: 200,
  body: await services.admin.subscriptions.changePlan(site, path.subscription_id, body),
});
