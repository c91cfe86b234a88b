import type { DeleteLectureData, DeleteLectureResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const deleteLecture: AdminApiHandler<DeleteLectureData, DeleteLectureResponses> = async (
  { path },
  { site, services },
) => {
  await services.admin.curriculum.deleteLecture(site, path.lecture_id);
  return { status: 204, body: undefined };
};
