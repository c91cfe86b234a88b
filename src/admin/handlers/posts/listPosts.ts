import type { ListPostsData, ListPostsResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const listPosts: OperationHandler<ListPostsData, ListPostsResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.posts.list(site, query),
});
