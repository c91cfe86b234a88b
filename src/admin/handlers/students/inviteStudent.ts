import type { InviteStudentData, InviteStudentResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

// OpenAPI inviteStudent: 202 with an invitation for anyone who does not belong here yet; for a member here, 201 when
// they became a student and 200 when they already were one (idempotent: asking again answers what already holds).
export const inviteStudent: AdminApiHandler<InviteStudentData, InviteStudentResponses> = async (
  { body },
  { site, services },
) => {
  const outcome = await services.admin.students.invite(site, body);
  if (outcome.kind === 'invited') return { status: 202, body: outcome.invitation };
  return outcome.created ? { status: 201, body: outcome.student } : { status: 200, body: outcome.student };
};
