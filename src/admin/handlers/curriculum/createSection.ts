import type { CreateSectionData, CreateSectionResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const createSection: OperationHandler<CreateSectionData, CreateSectionResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 201,
  body: await services.admin.curriculum.createSection(site, path.course_id, body),
});
