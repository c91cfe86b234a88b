import type { CreatePostData, CreatePostResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

// The author defaults to the person the token acts for.
export const createPost: OperationHandler<CreatePostData, CreatePostResponses> = async (
  { body },
  { site, services, auth },
) => ({
  status: 201,
  body: await services.admin.posts.create(site, auth?.personId ?? null, body),
});
