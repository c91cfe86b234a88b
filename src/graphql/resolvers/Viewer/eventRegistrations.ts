// Viewer.eventRegistrations: the token's person's event registrations at the token's school, by
// event start, each with its event joined in (one statement per page).
import type { ViewerResolvers } from '../../../../generated/graphql/types.ts';
import { pageArgs } from './page.ts';

export const eventRegistrations: NonNullable<ViewerResolvers['eventRegistrations']> = (_viewer, args, context) =>
  context.services.account.eventRegistrationsPage(context.site.id, context.personId, pageArgs(args));
