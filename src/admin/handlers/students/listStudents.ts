import type { ListStudentsData, ListStudentsResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const listStudents: OperationHandler<ListStudentsData, ListStudentsResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.students.list(site, query),
});
