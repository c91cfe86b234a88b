import type { UpdateLecturerData, UpdateLecturerResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const updateLecturer: AdminApiHandler<UpdateLecturerData, UpdateLecturerResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.lecturers.update(site, path.lecturer_id, body),
});
