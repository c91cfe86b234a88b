import type { GetCommentData, GetCommentResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const getComment: OperationHandler<GetCommentData, GetCommentResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.comments.get(site, path.comment_id),
});
