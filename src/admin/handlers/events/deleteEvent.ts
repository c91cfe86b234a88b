import type { DeleteEventData, DeleteEventResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const deleteEvent: AdminApiHandler<DeleteEventData, DeleteEventResponses> = async (
  { path },
  { site, services },
) => {
  await services.admin.events.remove(site, path.event_id);
  return { status: 204, body: undefined };
};
