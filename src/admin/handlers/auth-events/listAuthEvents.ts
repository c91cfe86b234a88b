import type { ListAuthEventsData, ListAuthEventsResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

/** docs/operations.md "Access trail": the school's trail, newest first, filtered (scope auth_events:read). */
export const listAuthEvents: OperationHandler<ListAuthEventsData, ListAuthEventsResponses> = async (
  { query },
  context,
) => ({
  status: 200,
  body: await context.services.authEvents.list(context.site.id, query ?? {}),
});
