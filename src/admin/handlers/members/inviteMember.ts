import type { InviteMemberData, InviteMemberResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

// OpenAPI inviteMember: 202 with an invitation for anyone who does not belong here yet; for a member
// here, 201 when the role was added and 200 when they already held it (idempotent).
export const inviteMember: AdminApiHandler<InviteMemberData, InviteMemberResponses> = async (
  { body },
  { site, services },
) => {
  const outcome = await services.admin.members.invite(site, body);
  if (outcome.kind === 'invited') return { status: 202, body: outcome.invitation };
  return outcome.created ? { status: 201, body: outcome.member } : { status: 200, body: outcome.member };
};
