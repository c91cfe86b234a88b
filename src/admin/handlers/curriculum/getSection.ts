import type { GetSectionData, GetSectionResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const getSection: AdminApiHandler<GetSectionData, GetSectionResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.curriculum.getSection(site, path.course_id, path.section_id),
});
