import type { DeleteSectionData, DeleteSectionResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const deleteSection: AdminApiHandler<DeleteSectionData, DeleteSectionResponses> = async (
  { path },
  { site, services },
) => {
  await services.admin.curriculum.deleteSection(site, path.course_id, path.section_id);
  return { status: 204, body: undefined };
};
