import type { ListStudentsData, ListStudentsResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listStudents: AdminApiHandler<ListStudentsData, ListStudentsResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.students.list(site, query),
});
