import type {
  UpdateMembershipPlanData,
  UpdateMembershipPlanResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const updateMembershipPlan: AdminApiHandler<UpdateMembershipPlanData, UpdateMembershipPlanResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.membershipPlans.update(site, path.membership_plan_id, body),
});
