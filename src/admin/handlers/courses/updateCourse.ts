import type { UpdateCourseData, UpdateCourseResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const updateCourse: AdminApiHandler<UpdateCourseData, UpdateCourseResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.courses.update(site, path.course_id, body),
});
