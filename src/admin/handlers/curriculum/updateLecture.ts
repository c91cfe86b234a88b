import type { UpdateLectureData, UpdateLectureResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const updateLecture: AdminApiHandler<UpdateLectureData, UpdateLectureResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.curriculum.updateLecture(site, path.lecture_id, body),
});
