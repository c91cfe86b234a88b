import type {
  DeleteMembershipPlanData,
  DeleteMembershipPlanResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const deleteMembershipPlan: OperationHandler<DeleteMembershipPlanData, DeleteMembershipPlanResponses> = async (
  { path },
  { site, services },
) => {
  await services.admin.membershipPlans.remove(site, path.membership_plan_id);
  return { status: 204, body: undefined };
};
