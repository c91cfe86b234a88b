import type { DeletePageData, DeletePageResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const deletePage: OperationHandler<DeletePageData, DeletePageResponses> = async (
  { path },
  { site, services },
) => {
  await services.admin.pages.remove(site, path.page_id);
  return { status: 204, body: undefined };
};
