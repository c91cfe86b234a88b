import type { ListEventsData, ListEventsResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listEvents: AdminApiHandler<ListEventsData, ListEventsResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.events.list(site, query),
});
