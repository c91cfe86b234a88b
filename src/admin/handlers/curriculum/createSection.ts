import type { CreateSectionData, CreateSectionResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const createSection: AdminApiHandler<CreateSectionData, CreateSectionResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 201,
  body: await services.admin.curriculum.createSection(site, path.course_id, body),
});
