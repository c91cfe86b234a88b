import type { ListMembersData, ListMembersResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listMembers: AdminApiHandler<ListMembersData, ListMembersResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.members.list(site, query),
});
