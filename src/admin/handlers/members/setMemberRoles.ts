import type { SetMemberRolesData, SetMemberRolesResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';
import { actorOf } from '../../../services/people/role-changes.ts';

export const setMemberRoles: OperationHandler<SetMemberRolesData, SetMemberRolesResponses> = async (
  { path, body },
  context,
) => ({
  status: 200,
  body: await context.services.admin.members.setRoles(context.site, path.person_id, body.roles, actorOf(context)),
});
