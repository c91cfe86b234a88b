import type { MoveLectureData, MoveLectureResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const moveLecture: AdminApiHandler<MoveLectureData, MoveLectureResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.curriculum.moveLecture(site, path.lecture_id, body),
});
