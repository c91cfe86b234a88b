import type {
  RevokeApplicationGrantData,
  RevokeApplicationGrantResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';
import { actorOf } from '../../../services/people/role-changes.ts';

export const revokeApplicationGrant: AdminApiHandler<
  RevokeApplicationGrantData,
  RevokeApplicationGrantResponses
> = async ({ path }, context) => {
  await context.services.admin.applications.revokePerson(
    context.site.id,
    path.application_id,
    path.person_id,
    actorOf(context),
  );
  return { status: 204, body: undefined };
};
