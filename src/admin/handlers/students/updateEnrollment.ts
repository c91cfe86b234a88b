import type {
  UpdateEnrollmentData,
  UpdateEnrollmentResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const updateEnrollment: OperationHandler<UpdateEnrollmentData, UpdateEnrollmentResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.enrollments.setAccess(site, path.enrollment_id, body),
});
