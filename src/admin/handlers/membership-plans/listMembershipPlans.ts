import type {
  ListMembershipPlansData,
  ListMembershipPlansResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listMembershipPlans: AdminApiHandler<ListMembershipPlansData, ListMembershipPlansResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.membershipPlans.list(site, query),
});
