import type { ListCommentsData, ListCommentsResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const listComments: OperationHandler<ListCommentsData, ListCommentsResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.comments.list(site, query),
});
