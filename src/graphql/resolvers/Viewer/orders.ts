// Viewer.orders: the token's person's orders at the token's school, newest first; the items of a
// whole page are loaded in one statement (services/people/own-data.ts).
import type { ViewerResolvers } from '../../../../generated/graphql/types.ts';
import { pageArgs } from './page.ts';

export const orders: NonNullable<ViewerResolvers['orders']> = (_viewer, args, context) =>
  context.services.account.ordersPage(context.site.id, context.personId, pageArgs(args));
