import type { ListPagesData, ListPagesResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listPages: AdminApiHandler<ListPagesData, ListPagesResponses> = async ({ query }, { site, services }) => ({
  status: 200,
  body: await services.admin.pages.list(site, query),
});
