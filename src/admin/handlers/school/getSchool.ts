import type { GetSchoolData, GetSchoolResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const getSchool: AdminApiHandler<GetSchoolData, GetSchoolResponses> = async (_request, { site, services }) => ({
  status: 200,
  body: await services.admin.school.get(site),
});
