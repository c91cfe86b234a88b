import type { PublishCourseData, PublishCourseResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const publishCourse: OperationHandler<PublishCourseData, PublishCourseResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.courses.publish(site, path.course_id),
});
