import type {
  DeleteMembershipPlanData,
  DeleteMembershipPlanResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const deleteMembershipPlan: AdminApiHandler<DeleteMembershipPlanData, DeleteMembershipPlanResponses> = async (
  { path },
  { site, services },
) => {
  await services.admin.membershipPlans.remove(site, path.membership_plan_id);
  return { status: 204, body: undefined };
};
