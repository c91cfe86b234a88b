import type { DeletePageData, DeletePageResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const deletePage: AdminApiHandler<DeletePageData, DeletePageResponses> = async (
  { path },
  { site, services },
) => {
  await services.admin.pages.remove(site, path.page_id);
  return { status: 204, body: undefined };
};
