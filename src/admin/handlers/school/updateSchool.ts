import type { UpdateSchoolData, UpdateSchoolResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';
import { actorOf } from '../../../services/people/role-changes.ts';

export const updateSchool: AdminApiHandler<UpdateSchoolData, UpdateSchoolResponses> = async ({ body }, context) => ({
  status: 200,
  body: await context.services.admin.school.update(context.site, body, actorOf(context)),
});
