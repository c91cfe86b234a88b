import type {
  GetStudentProgressData,
  GetStudentProgressResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const getStudentProgress: AdminApiHandler<GetStudentProgressData, GetStudentProgressResponses> = async (
  { path, query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.studentProgress.forStudent(site, path.person_id, query),
});
