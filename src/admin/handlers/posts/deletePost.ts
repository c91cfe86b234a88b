import type { DeletePostData, DeletePostResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const deletePost: AdminApiHandler<DeletePostData, DeletePostResponses> = async (
  { path },
  { site, services },
) => {
  await services.admin.posts.remove(site, path.post_id);
  return { status: 204, body: undefined };
};
