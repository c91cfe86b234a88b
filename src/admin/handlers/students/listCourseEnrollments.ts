import type {
  ListCourseEnrollmentsData,
  ListCourseEnrollmentsResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const listCourseEnrollments: OperationHandler<
  ListCourseEnrollmentsData,
  ListCourseEnrollmentsResponses
> = async ({ path, query }, { site, services }) => ({
  status: 200,
  body: await services.admin.enrollments.listForCourse(site, path.course_id, query),
});
