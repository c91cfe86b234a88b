import type { PublishPageData, PublishPageResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const publishPage: AdminApiHandler<PublishPageData, PublishPageResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.pages.publish(site, path.page_id),
});
