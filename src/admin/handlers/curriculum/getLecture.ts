import type { GetLectureData, GetLectureResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const getLecture: OperationHandler<GetLectureData, GetLectureResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.curriculum.getLecture(site, path.lecture_id),
});
