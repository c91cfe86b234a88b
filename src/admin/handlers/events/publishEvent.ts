import type { PublishEventData, PublishEventResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const publishEvent: OperationHandler<PublishEventData, PublishEventResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.events.publish(site, path.event_id),
});
