import type { ReorderLecturesData, ReorderLecturesResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const reorderLectures: OperationHandler<ReorderLecturesData, ReorderLecturesResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.curriculum.reorderLectures(site, path.course_id, path.section_id, body.lecture_ids),
});
