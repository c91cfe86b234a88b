import type { GetCourseData, GetCourseResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const getCourse: AdminApiHandler<GetCourseData, GetCourseResponses> = async ({ path }, { site, services }) => ({
  status: 200,
  body: await services.admin.courses.get(site, path.course_id),
});
