import type { UpdatePageData, UpdatePageResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const updatePage: AdminApiHandler<UpdatePageData, UpdatePageResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.pages.update(site, path.page_id, body),
});
