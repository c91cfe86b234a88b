import type {
  ListEventRegistrationsData,
  ListEventRegistrationsResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listEventRegistrations: AdminApiHandler<
  ListEventRegistrationsData,
  ListEventRegistrationsResponses
> = async ({ path, query }, { site, services }) => ({
  status: 200,
  body: await services.admin.eventRegistrations.list(site, path.event_id, query),
});
