import type {
  UnassignLecturerData,
  UnassignLecturerResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const unassignLecturer: OperationHandler<UnassignLecturerData, UnassignLecturerResponses> = async (
  { path },
  { site, services },
) => {
  await services.admin.lecturers.unassign(site, path.courseId, path.lecturerId);
  return { status: 204, body: undefined };
};
