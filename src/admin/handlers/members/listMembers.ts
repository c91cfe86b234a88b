import type { ListMembersData, ListMembersResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const listMembers: OperationHandler<ListMembersData, ListMembersResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.members.list(site, query),
});
