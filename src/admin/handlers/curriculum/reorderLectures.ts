import type { ReorderLecturesData, ReorderLecturesResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const reorderLectures: AdminApiHandler<ReorderLecturesData, ReorderLecturesResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.curriculum.reorderLectures(site, path.course_id, path.section_id, body.lecture_ids),
});
