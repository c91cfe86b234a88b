import type {
  ListApplicationGrantsData,
  ListApplicationGrantsResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listApplicationGrants: AdminApiHandler<ListApplicationGrantsData, ListApplicationGrantsResponses> = async (
  { path, query },
  context,
) => ({
  status: 200,
  body: await context.services.admin.applications.listGrants(context.site.id, path.application_id, query ?? {}),
});
