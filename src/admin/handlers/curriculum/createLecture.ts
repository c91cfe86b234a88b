import type { CreateLectureData, CreateLectureResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const createLecture: AdminApiHandler<CreateLectureData, CreateLectureResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 201,
  body: await services.admin.curriculum.createLecture(site, path.course_id, path.section_id, body),
});
