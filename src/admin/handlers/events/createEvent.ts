import type { CreateEventData, CreateEventResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const createEvent: OperationHandler<CreateEventData, CreateEventResponses> = async (
  { body },
  { site, services },
) => ({
  status: 201,
  body: await services.admin.events.create(site, body),
});
