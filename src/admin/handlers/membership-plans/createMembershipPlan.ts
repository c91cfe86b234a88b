import type {
  CreateMembershipPlanData,
  CreateMembershipPlanResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const createMembershipPlan: AdminApiHandler<CreateMembershipPlanData, CreateMembershipPlanResponses> = async (
  { body },
  { site, services },
) => ({
  status: 201,
  body: await services.admin.membershipPlans.create(site, body),
});
