import type { CancelEventData, CancelEventResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const cancelEvent: AdminApiHandler<CancelEventData, CancelEventResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.events.cancel(site, path.event_id),
});
