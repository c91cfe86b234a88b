import type { DeleteLectureData, DeleteLectureResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const deleteLecture: OperationHandler<DeleteLectureData, DeleteLectureResponses> = async (
  { path },
  { site, services },
) => {
  await services.admin.curriculum.deleteLecture(site, path.lecture_id);
  return { status: 204, body: undefined };
};
