import type { DeleteSectionData, DeleteSectionResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const deleteSection: OperationHandler<DeleteSectionData, DeleteSectionResponses> = async (
  { path },
  { site, services },
) => {
  await services.admin.curriculum.deleteSection(site, path.course_id, path.section_id);
  return { status: 204, body: undefined };
};
