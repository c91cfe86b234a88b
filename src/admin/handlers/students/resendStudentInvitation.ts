import type {
  ResendStudentInvitationData,
  ResendStudentInvitationResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

// OpenAPI resendStudentInvitation: 202, a fresh link on its way to the person; the school never sees it.
export const resendStudentInvitation: OperationHandler<
  ResendStudentInvitationData,
  ResendStudentInvitationResponses
> = async ({ path }, { site, services }) => ({
  status: 202,
  body: await services.admin.students.resendInvitation(site, path.invitation_id),
});
