import type { UpdateEventData, UpdateEventResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const updateEvent: AdminApiHandler<UpdateEventData, UpdateEventResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.events.update(site, path.event_id, body),
});
