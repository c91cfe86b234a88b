import type { CreateLectureData, CreateLectureResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const createLecture: OperationHandler<CreateLectureData, CreateLectureResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 201,
  body: await services.admin.curriculum.createLecture(site, path.course_id, path.section_id, body),
});
