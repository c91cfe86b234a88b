import type { UpdateSchoolData, UpdateSchoolResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';
import { actorOf } from '../../../services/people/role-changes.ts';

export const updateSchool: OperationHandler<UpdateSchoolData, UpdateSchoolResponses> = async ({ body }, context) => ({
  status: 200,
  body: await context.services.admin.school.update(context.site, body, actorOf(context)),
});
