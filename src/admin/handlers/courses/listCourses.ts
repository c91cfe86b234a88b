import type { ListCoursesData, ListCoursesResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const listCourses: OperationHandler<ListCoursesData, ListCoursesResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.courses.list(site, query),
});
