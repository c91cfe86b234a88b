// Mutation.registerForEvent: needs `account:write` (FORBIDDEN otherwise, SDL Mutation). Idempotent:
// the service returns the existing registration when there is one.
import type { MutationResolvers } from '../../../../generated/graphql/types.ts';
import { requireScope } from '../../errors.ts';

export const registerForEvent: NonNullable<MutationResolvers['registerForEvent']> = (_root, { eventId }, context) => {
  requireScope(context, 'account:write');
  return context.services.account.registerForEvent(context.site.id, context.personId, eventId);
};
