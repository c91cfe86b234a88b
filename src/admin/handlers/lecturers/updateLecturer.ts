import type { UpdateLecturerData, UpdateLecturerResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const updateLecturer: OperationHandler<UpdateLecturerData, UpdateLecturerResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.lecturers.update(site, path.lecturer_id, body),
});
