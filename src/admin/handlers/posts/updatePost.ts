import type { UpdatePostData, UpdatePostResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const updatePost: AdminApiHandler<UpdatePostData, UpdatePostResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.posts.update(site, path.post_id, body),
});
