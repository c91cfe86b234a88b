import type {
  ListApplicationsData,
  ListApplicationsResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listApplications: AdminApiHandler<ListApplicationsData, ListApplicationsResponses> = async (
  { query },
  context,
) => ({
  status: 200,
  body: await context.services.admin.applications.list(context.site.id, query ?? {}),
});
