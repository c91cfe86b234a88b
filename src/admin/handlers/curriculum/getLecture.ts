import type { GetLectureData, GetLectureResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const getLecture: AdminApiHandler<GetLectureData, GetLectureResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.curriculum.getLecture(site, path.lecture_id),
});
