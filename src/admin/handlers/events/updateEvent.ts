import type { UpdateEventData, UpdateEventResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const updateEvent: OperationHandler<UpdateEventData, UpdateEventResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.events.update(site, path.event_id, body),
});
