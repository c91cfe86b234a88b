import type { ListPostsData, ListPostsResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listPosts: AdminApiHandler<ListPostsData, ListPostsResponses> = async ({ query }, { site, services }) => ({
  status: 200,
  body: await services.admin.posts.list(site, query),
});
