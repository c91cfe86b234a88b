import type {
  GetStudentProgressData,
  GetStudentProgressResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const getStudentProgress: OperationHandler<GetStudentProgressData, GetStudentProgressResponses> = async (
  { path, query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.studentProgress.forStudent(site, path.person_id, query),
});
