import type {
  ListCourseEnrollmentsData,
  ListCourseEnrollmentsResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listCourseEnrollments: AdminApiHandler<ListCourseEnrollmentsData, ListCourseEnrollmentsResponses> = async (
  { path, query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.enrollments.listForCourse(site, path.course_id, query),
});
