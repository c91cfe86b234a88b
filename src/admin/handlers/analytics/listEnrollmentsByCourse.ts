import type {
  ListEnrollmentsByCourseData,
  ListEnrollmentsByCourseResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const listEnrollmentsByCourse: OperationHandler<
  ListEnrollmentsByCourseData,
  ListEnrollmentsByCourseResponses
> = async ({ query }, { site, services }) => ({
  status: 200,
  body: await services.admin.analytics.enrollmentsByCourse(site, query),
});
