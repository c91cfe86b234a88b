import type { UnpublishPageData, UnpublishPageResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const unpublishPage: OperationHandler<UnpublishPageData, UnpublishPageResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.pages.unpublish(site, path.page_id),
});
