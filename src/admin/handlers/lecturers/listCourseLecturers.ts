import type {
  ListCourseLecturersData,
  ListCourseLecturersResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listCourseLecturers: AdminApiHandler<ListCourseLecturersData, ListCourseLecturersResponses> = async (
  { path, query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.lecturers.listForCourse(site, path.course_id, query),
});
