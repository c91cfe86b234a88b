import type { GetStudentData, GetStudentResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const getStudent: OperationHandler<GetStudentData, GetStudentResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.students.get(site, path.person_id),
});
