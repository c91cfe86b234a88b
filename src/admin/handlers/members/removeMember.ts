import type { RemoveMemberData, RemoveMemberResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';
import { actorOf } from '../../../services/people/role-changes.ts';

export const removeMember: AdminApiHandler<RemoveMemberData, RemoveMemberResponses> = async ({ path }, context) => {
  await context.services.admin.members.remove(context.site, path.person_id, actorOf(context));
  return { status: 204, body: undefined };
};
