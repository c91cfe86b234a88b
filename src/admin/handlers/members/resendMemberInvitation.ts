import type {
  ResendMemberInvitationData,
  ResendMemberInvitationResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

// OpenAPI resendMemberInvitation: 202, a fresh link on its way to the person; the school never sees it.
export const resendMemberInvitation: AdminApiHandler<
  ResendMemberInvitationData,
  ResendMemberInvitationResponses
> = async ({ path }, { site, services }) => ({
  status: 202,
  body: await services.admin.members.resendInvitation(site, path.invitation_id),
});
