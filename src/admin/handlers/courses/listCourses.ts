import type { ListCoursesData, ListCoursesResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listCourses: AdminApiHandler<ListCoursesData, ListCoursesResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.courses.list(site, query),
});
