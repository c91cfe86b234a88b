import type { InviteStudentData, InviteStudentResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

// Idempotent (reference 3.3, idempotent enrollment): 201 when the person became a student, 200 when they already were.
export const inviteStudent: OperationHandler<InviteStudentData, InviteStudentResponses> = async ({ body }, { site, services }) => {
  const { created, student } = await services.admin.students.invite(site, body);
  return created ? { status: 201, body: student } : { status: 200, body: student };
};
