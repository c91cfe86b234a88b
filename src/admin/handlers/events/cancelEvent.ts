import type { CancelEventData, CancelEventResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const cancelEvent: OperationHandler<CancelEventData, CancelEventResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.events.cancel(site, path.event_id),
});
