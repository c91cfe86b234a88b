import type { PublishPageData, PublishPageResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const publishPage: OperationHandler<PublishPageData, PublishPageResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.pages.publish(site, path.page_id),
});
