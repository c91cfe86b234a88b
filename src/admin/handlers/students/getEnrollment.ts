import type { GetEnrollmentData, GetEnrollmentResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const getEnrollment: AdminApiHandler<GetEnrollmentData, GetEnrollmentResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.enrollments.get(site, path.enrollment_id),
});
