import type { CreateLecturerData, CreateLecturerResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const createLecturer: OperationHandler<CreateLecturerData, CreateLecturerResponses> = async (
  { body },
  { site, services },
) => ({
  status: 201,
  body: await services.admin.lecturers.create(site, body),
});
