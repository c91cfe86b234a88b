import type { CreateCourseData, CreateCourseResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const createCourse: AdminApiHandler<CreateCourseData, CreateCourseResponses> = async (
  { body },
  { site, services },
) => ({
  status: 201,
  body: await services.admin.courses.create(site, body),
});
