import type { GetPostData, GetPostResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const getPost: OperationHandler<GetPostData, GetPostResponses> = async ({ path }, { site, services }) => ({
  status: 200,
  body: await services.admin.posts.get(site, path.post_id),
});
