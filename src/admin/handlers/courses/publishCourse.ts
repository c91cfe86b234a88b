import type { PublishCourseData, PublishCourseResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const publishCourse: AdminApiHandler<PublishCourseData, PublishCourseResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.courses.publish(site, path.course_id),
});
