import type { GetPostData, GetPostResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const getPost: AdminApiHandler<GetPostData, GetPostResponses> = async ({ path }, { site, services }) => ({
  status: 200,
  body: await services.admin.posts.get(site, path.post_id),
});
