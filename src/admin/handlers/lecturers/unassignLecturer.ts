import type {
  UnassignLecturerData,
  UnassignLecturerResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const unassignLecturer: AdminApiHandler<UnassignLecturerData, UnassignLecturerResponses> = async (
  { path },
  { site, services },
) => {
  await services.admin.lecturers.unassign(site, path.course_id, path.lecturer_id);
  return { status: 204, body: undefined };
};
