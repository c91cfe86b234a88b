import type { ListPagesData, ListPagesResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const listPages: OperationHandler<ListPagesData, ListPagesResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.pages.list(site, query),
});
