import type { PublishPostData, PublishPostResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const publishPost: OperationHandler<PublishPostData, PublishPostResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.posts.publish(site, path.post_id),
});
