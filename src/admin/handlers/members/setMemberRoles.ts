import type { SetMemberRolesData, SetMemberRolesResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';
import { actorOf } from '../../../services/people/role-changes.ts';

export const setMemberRoles: AdminApiHandler<SetMemberRolesData, SetMemberRolesResponses> = async (
  { path, body },
  context,
) => ({
  status: 200,
  body: await context.services.admin.members.setRoles(context.site, path.person_id, body.roles, actorOf(context)),
});
