import type { GetMemberData, GetMemberResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const getMember: OperationHandler<GetMemberData, GetMemberResponses> = async ({ path }, { site, services }) => ({
  status: 200,
  body: await services.admin.members.get(site, path.person_id),
});
