import type {
  ExpireEnrollmentData,
  ExpireEnrollmentResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const expireEnrollment: AdminApiHandler<ExpireEnrollmentData, ExpireEnrollmentResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.enrollments.expire(site, path.enrollment_id),
});
