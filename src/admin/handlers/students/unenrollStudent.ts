import type { UnenrollStudentData, UnenrollStudentResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const unenrollStudent: OperationHandler<UnenrollStudentData, UnenrollStudentResponses> = async (
  { path },
  { site, services },
) => {
  await services.admin.enrollments.unenroll(site, path.enrollment_id);
  return { status: 204, body: undefined };
};
