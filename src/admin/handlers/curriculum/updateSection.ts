import type { UpdateSectionData, UpdateSectionResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const updateSection: AdminApiHandler<UpdateSectionData, UpdateSectionResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.curriculum.updateSection(site, path.course_id, path.section_id, body),
});
