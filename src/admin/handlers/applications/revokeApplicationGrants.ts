import type {
  RevokeApplicationGrantsData,
  RevokeApplicationGrantsResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';
import { actorOf } from '../../../services/people/role-changes.ts';

export const revokeApplicationGrants: AdminApiHandler<
  RevokeApplicationGrantsData,
  RevokeApplicationGrantsResponses
> = async ({ path }, context) => ({
  status: 200,
  body: await context.services.admin.applications.revokeAll(context.site.id, path.application_id, actorOf(context)),
});
