import type { GetEventData, GetEventResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const getEvent: AdminApiHandler<GetEventData, GetEventResponses> = async ({ path }, { site, services }) => ({
  status: 200,
  body: await services.admin.events.get(site, path.event_id),
});
