import type { ListEventsData, ListEventsResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const listEvents: OperationHandler<ListEventsData, ListEventsResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.events.list(site, query),
});
