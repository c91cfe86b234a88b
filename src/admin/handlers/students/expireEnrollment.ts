import type {
  ExpireEnrollmentData,
  ExpireEnrollmentResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const expireEnrollment: OperationHandler<ExpireEnrollmentData, ExpireEnrollmentResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.enrollments.expire(site, path.enrollment_id),
});
