import type { CreateCourseData, CreateCourseResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const createCourse: OperationHandler<CreateCourseData, CreateCourseResponses> = async (
  { body },
  { site, services },
) => ({
  status: 201,
  body: await services.admin.courses.create(site, body),
});
