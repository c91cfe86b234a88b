import type { SetMemberRolesData, SetMemberRolesResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const setMemberRoles: OperationHandler<SetMemberRolesData, SetMemberRolesResponses> = async ({ path, body }, { site, services }) => ({
  status: 200,
  body: await services.admin.members.setRoles(site, path.id, body.roles),
});
