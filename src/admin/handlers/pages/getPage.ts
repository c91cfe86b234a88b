import type { GetPageData, GetPageResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const getPage: AdminApiHandler<GetPageData, GetPageResponses> = async ({ path }, { site, services }) => ({
  status: 200,
  body: await services.admin.pages.get(site, path.page_id),
});
