import type { GetCourseData, GetCourseResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const getCourse: OperationHandler<GetCourseData, GetCourseResponses> = async ({ path }, { site, services }) => ({
  status: 200,
  body: await services.admin.courses.get(site, path.course_id),
});
