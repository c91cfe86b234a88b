import type {
  UnassignLecturerData,
  UnassignLecturerResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const unassignLecturer: OperationHandler<UnassignLecturerData, UnassignLecturerResponses> = async (
  { path },
  { site, services },
) => {
  await services.admin.lecturers.unassign(site, path.course_id, path.lecturer_id);
  return { status: 204, body: undefined };
};
