import type {
  CreateMembershipPlanData,
  CreateMembershipPlanResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const createMembershipPlan: OperationHandler<CreateMembershipPlanData, CreateMembershipPlanResponses> = async (
  { body },
  { site, services },
) => ({
  status: 201,
  body: await services.admin.membershipPlans.create(site, body),
});
