import type { EnrollStudentData, EnrollStudentResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

// OpenAPI enrollStudent: idempotent, enrolling again returns the existing enrollment: 201 new, 200 existing.
export const enrollStudent: AdminApiHandler<EnrollStudentData, EnrollStudentResponses> = async (
  { path, body },
  { site, services },
) => {
  const { created, enrollment } = await services.admin.enrollments.enroll(site, path.person_id, body);
  return created ? { status: 201, body: enrollment } : { status: 200, body: enrollment };
};
