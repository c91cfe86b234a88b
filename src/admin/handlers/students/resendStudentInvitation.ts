import type {
  ResendStudentInvitationData,
  ResendStudentInvitationResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

// OpenAPI resendStudentInvitation: 202, a fresh link on its way to the person; the school never sees it.
export const resendStudentInvitation: AdminApiHandler<
  ResendStudentInvitationData,
  ResendStudentInvitationResponses
> = async ({ path }, { site, services }) => ({
  status: 202,
  body: await services.admin.students.resendInvitation(site, path.invitation_id),
});
