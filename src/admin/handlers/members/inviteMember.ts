import type { InviteMemberData, InviteMemberResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

// Idempotent: 201 when the role was added, 200 when the person already held it.
export const inviteMember: OperationHandler<InviteMemberData, InviteMemberResponses> = async ({ body }, { site, services }) => {
  const { created, member } = await services.admin.members.invite(site, body);
  return created ? { status: 201, body: member } : { status: 200, body: member };
};
