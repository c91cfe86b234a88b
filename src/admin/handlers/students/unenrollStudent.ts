import type { UnenrollStudentData, UnenrollStudentResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const unenrollStudent: AdminApiHandler<UnenrollStudentData, UnenrollStudentResponses> = async (
  { path },
  { site, services },
) => {
  await services.admin.enrollments.unenroll(site, path.enrollment_id);
  return { status: 204, body: undefined };
};
