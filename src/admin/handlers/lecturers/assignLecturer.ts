import type { AssignLecturerData, AssignLecturerResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const assignLecturer: AdminApiHandler<AssignLecturerData, AssignLecturerResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.lecturers.assign(site, path.course_id, path.lecturer_id),
});
