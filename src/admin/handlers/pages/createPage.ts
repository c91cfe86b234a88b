import type { CreatePageData, CreatePageResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const createPage: AdminApiHandler<CreatePageData, CreatePageResponses> = async (
  { body },
  { site, services },
) => ({
  status: 201,
  body: await services.admin.pages.create(site, body),
});
