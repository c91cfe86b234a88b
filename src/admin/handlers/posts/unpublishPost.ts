import type { UnpublishPostData, UnpublishPostResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const unpublishPost: AdminApiHandler<UnpublishPostData, UnpublishPostResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.posts.unpublish(site, path.post_id),
});
