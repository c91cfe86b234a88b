import type { UnpublishPageData, UnpublishPageResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const unpublishPage: AdminApiHandler<UnpublishPageData, UnpublishPageResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.pages.unpublish(site, path.page_id),
});
