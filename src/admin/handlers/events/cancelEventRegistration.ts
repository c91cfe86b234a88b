import type {
  CancelEventRegistrationData,
  CancelEventRegistrationResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const cancelEventRegistration: AdminApiHandler<
  CancelEventRegistrationData,
  CancelEventRegistrationResponses
> = async ({ path }, { site, services }) => ({
  status: 200,
  body: await services.admin.eventRegistrations.cancel(site, path.event_id, path.registration_id),
});
