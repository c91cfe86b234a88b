import type { CreateLecturerData, CreateLecturerResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const createLecturer: AdminApiHandler<CreateLecturerData, CreateLecturerResponses> = async (
  { body },
  { site, services },
) => ({
  status: 201,
  body: await services.admin.lecturers.create(site, body),
});
