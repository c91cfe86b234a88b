// Mutation.cancelEventRegistration: needs `account:write` (FORBIDDEN otherwise, SDL Mutation).
// Idempotent: cancelling a cancelled registration returns it unchanged.
import type { MutationResolvers } from '../../../../generated/graphql/types.ts';
import { requireScope } from '../../errors.ts';

export const cancelEventRegistration: NonNullable<MutationResolvers['cancelEventRegistration']> = (
  _root,
  { eventId },
  context,
) => {
  requireScope(context, 'account:write');
  return context.services.account.cancelEventRegistration(context.site.id, context.personId, eventId);
};
