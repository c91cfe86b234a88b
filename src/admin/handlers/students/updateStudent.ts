import type { UpdateStudentData, UpdateStudentResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const updateStudent: AdminApiHandler<UpdateStudentData, UpdateStudentResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.students.update(site, path.person_id, body),
});
