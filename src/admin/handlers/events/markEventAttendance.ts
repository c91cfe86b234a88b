import type {
  MarkEventAttendanceData,
  MarkEventAttendanceResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const markEventAttendance: AdminApiHandler<MarkEventAttendanceData, MarkEventAttendanceResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.eventRegistrations.attend(site, path.event_id, path.registration_id),
});
