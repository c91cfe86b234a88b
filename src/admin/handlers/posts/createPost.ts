import type { CreatePostData, CreatePostResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

// The author defaults to the person the token acts for.
export const createPost: AdminApiHandler<CreatePostData, CreatePostResponses> = async (
  { body },
  { site, services, auth },
) => ({
  status: 201,
  body: await services.admin.posts.create(site, auth?.personId ?? null, body),
});
