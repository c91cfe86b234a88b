import type { ListAuthEventsData, ListAuthEventsResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

/** docs/operations.md "Access trail": the school's trail, newest first, filtered (scope auth_events:read). */
export const listAuthEvents: AdminApiHandler<ListAuthEventsData, ListAuthEventsResponses> = async (
  { query },
  context,
) => ({
  status: 200,
  body: await context.services.admin.authEvents.list(context.site.id, query ?? {}),
});
