import type { PublishPostData, PublishPostResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const publishPost: AdminApiHandler<PublishPostData, PublishPostResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.posts.publish(site, path.post_id),
});
