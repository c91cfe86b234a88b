import type { CreateEventData, CreateEventResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const createEvent: AdminApiHandler<CreateEventData, CreateEventResponses> = async (
  { body },
  { site, services },
) => ({
  status: 201,
  body: await services.admin.events.create(site, body),
});
