import type {
  GetMembershipPlanData,
  GetMembershipPlanResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const getMembershipPlan: AdminApiHandler<GetMembershipPlanData, GetMembershipPlanResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.membershipPlans.get(site, path.membership_plan_id),
});
