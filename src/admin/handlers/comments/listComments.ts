import type { ListCommentsData, ListCommentsResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listComments: AdminApiHandler<ListCommentsData, ListCommentsResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.comments.list(site, query),
});
