import type { GetStudentData, GetStudentResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const getStudent: AdminApiHandler<GetStudentData, GetStudentResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.students.get(site, path.person_id),
});
