import type { UnpublishPostData, UnpublishPostResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const unpublishPost: OperationHandler<UnpublishPostData, UnpublishPostResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.posts.unpublish(site, path.post_id),
});
