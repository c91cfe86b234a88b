import type { DeleteEventData, DeleteEventResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const deleteEvent: OperationHandler<DeleteEventData, DeleteEventResponses> = async (
  { path },
  { site, services },
) => {
  await services.admin.events.remove(site, path.event_id);
  return { status: 204, body: undefined };
};
