import type { RemoveMemberData, RemoveMemberResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const removeMember: OperationHandler<RemoveMemberData, RemoveMemberResponses> = async ({ path }, { site, services }) => {
  await services.admin.members.remove(site, path.id);
  return { status: 204, body: undefined as never };
};
