import type { ArchiveCourseData, ArchiveCourseResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const archiveCourse: OperationHandler<ArchiveCourseData, ArchiveCourseResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.courses.archive(site, path.course_id),
});
