import type { DeleteLecturerData, DeleteLecturerResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const deleteLecturer: AdminApiHandler<DeleteLecturerData, DeleteLecturerResponses> = async (
  { path },
  { site, services },
) => {
  await services.admin.lecturers.remove(site, path.lecturer_id);
  return { status: 204, body: undefined };
};
