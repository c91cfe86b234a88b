import type {
  RegisterEventAttendeeData,
  RegisterEventAttendeeResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

// Idempotent (OpenAPI registerEventAttendee): 201 for a new (or renewed) registration, 200 for one already there.
export const registerEventAttendee: AdminApiHandler<RegisterEventAttendeeData, RegisterEventAttendeeResponses> = async (
  { path, body },
  { site, services },
) => {
  const { created, registration } = await services.admin.eventRegistrations.register(
    site,
    path.event_id,
    body.person_id,
  );
  return created ? { status: 201, body: registration } : { status: 200, body: registration };
};
