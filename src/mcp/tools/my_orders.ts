// my_orders: the token's member's own orders at this school, newest first, with their items.
import { order } from './member-shapes.ts';
import { memberListTool } from './member-list-tool.ts';

export const myOrders = memberListTool({
  name: 'my_orders',
  title: 'My orders',
  description:
    'Your orders at this school, newest first: number, status, totals and items. Paged with limit and cursor.',
  node: order,
  noun: 'orders',
  list: (account, siteId, personId, page) => account.orders(siteId, personId, page),
});
