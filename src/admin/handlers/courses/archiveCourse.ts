import type { ArchiveCourseData, ArchiveCourseResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const archiveCourse: AdminApiHandler<ArchiveCourseData, ArchiveCourseResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.courses.archive(site, path.course_id),
});
