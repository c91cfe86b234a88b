import type { GetLecturerData, GetLecturerResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const getLecturer: AdminApiHandler<GetLecturerData, GetLecturerResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.lecturers.get(site, path.lecturer_id),
});
