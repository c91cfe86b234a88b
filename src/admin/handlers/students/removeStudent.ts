import type { RemoveStudentData, RemoveStudentResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const removeStudent: OperationHandler<RemoveStudentData, RemoveStudentResponses> = async ({ path }, { site, services }) => {
  await services.admin.students.remove(site, path.id);
  return { status: 204, body: undefined as never };
};
