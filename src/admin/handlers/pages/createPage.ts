import type { CreatePageData, CreatePageResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const createPage: OperationHandler<CreatePageData, CreatePageResponses> = async (
  { body },
  { site, services },
) => ({
  status: 201,
  body: await services.admin.pages.create(site, body),
});
