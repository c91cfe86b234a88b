import type { UpdateSchoolData, UpdateSchoolResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const updateSchool: OperationHandler<UpdateSchoolData, UpdateSchoolResponses> = async ({ body }, { site, services, auth }) => ({
  status: 200,
  body: await services.admin.school.update(site, body, { personId: auth?.personId }),
});
