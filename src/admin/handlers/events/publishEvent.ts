import type { PublishEventData, PublishEventResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const publishEvent: AdminApiHandler<PublishEventData, PublishEventResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.events.publish(site, path.event_id),
});
