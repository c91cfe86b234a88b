import type { DeleteCourseData, DeleteCourseResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const deleteCourse: AdminApiHandler<DeleteCourseData, DeleteCourseResponses> = async (
  { path },
  { site, services },
) => {
  await services.admin.courses.remove(site, path.course_id);
  return { status: 204, body: undefined };
};
