import type {
  ListEnrollmentsByCourseData,
  ListEnrollmentsByCourseResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listEnrollmentsByCourse: AdminApiHandler<
  ListEnrollmentsByCourseData,
  ListEnrollmentsByCourseResponses
> = async ({ query }, { site, services }) => ({
  status: 200,
  body: await services.admin.analytics.enrollmentsByCourse(site, query),
});
