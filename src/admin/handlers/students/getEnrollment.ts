import type { GetEnrollmentData, GetEnrollmentResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const getEnrollment: OperationHandler<GetEnrollmentData, GetEnrollmentResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.enrollments.get(site, path.enrollment_id),
});
