import type { GetEventData, GetEventResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const getEvent: OperationHandler<GetEventData, GetEventResponses> = async ({ path }, { site, services }) => ({
  status: 200,
  body: await services.admin.events.get(site, path.event_id),
});
