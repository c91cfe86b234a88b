import type { GetSchoolData, GetSchoolResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const getSchool: OperationHandler<GetSchoolData, GetSchoolResponses> = async (_request, { site, services }) => ({
  status: 200,
  body: await services.admin.school.get(site),
});
