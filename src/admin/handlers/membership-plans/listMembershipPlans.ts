import type {
  ListMembershipPlansData,
  ListMembershipPlansResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const listMembershipPlans: OperationHandler<ListMembershipPlansData, ListMembershipPlansResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.membershipPlans.list(site, query),
});
