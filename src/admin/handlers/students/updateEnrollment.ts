import type {
  UpdateEnrollmentData,
  UpdateEnrollmentResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const updateEnrollment: AdminApiHandler<UpdateEnrollmentData, UpdateEnrollmentResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.enrollments.setAccess(site, path.enrollment_id, body),
});
