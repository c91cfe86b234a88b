// Query.viewer: the person the token was issued to, at the token's school, as the bearer guard read
// them with the token in this request. The viewer's lists are resolved by their own field
// resolvers (Viewer/*), each with its page arguments.
import type { QueryResolvers } from '../../../../generated/graphql/types.ts';
import { notFound } from '../../errors.ts';

export const viewer: NonNullable<QueryResolvers['viewer']> = (_parent, _args, context) => {
  const person = context.services.account.viewer(context.person);
  // A token outlives a role that was removed afterwards: the person is then no member here.
  if (!person) throw notFound('The token’s person is not a member of this school.');
  return person;
};
