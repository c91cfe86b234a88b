import type { GetCommentData, GetCommentResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const getComment: AdminApiHandler<GetCommentData, GetCommentResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.comments.get(site, path.comment_id),
});
