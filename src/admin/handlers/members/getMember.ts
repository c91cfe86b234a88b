import type { GetMemberData, GetMemberResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const getMember: AdminApiHandler<GetMemberData, GetMemberResponses> = async ({ path }, { site, services }) => ({
  status: 200,
  body: await services.admin.members.get(site, path.person_id),
});
