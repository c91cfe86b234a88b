import type { GetPageData, GetPageResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const getPage: OperationHandler<GetPageData, GetPageResponses> = async ({ path }, { site, services }) => ({
  status: 200,
  body: await services.admin.pages.get(site, path.page_id),
});
