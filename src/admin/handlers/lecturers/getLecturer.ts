import type { GetLecturerData, GetLecturerResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const getLecturer: OperationHandler<GetLecturerData, GetLecturerResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.lecturers.get(site, path.lecturer_id),
});
