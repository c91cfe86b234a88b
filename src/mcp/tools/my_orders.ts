// my_orders: the token's member's own orders at this school, newest first, with their items.
import { z } from 'zod';
import type { ToolDefinition } from '../registry.ts';
import { READ_ONLY } from './common.ts';
import { connectionOf, order, pageArgs, pageSummary, personOf } from './member-shapes.ts';

const output = connectionOf(order);

export const myOrders: ToolDefinition<z.output<typeof pageArgs>, z.output<typeof output>> = {
  name: 'my_orders',
  title: 'My orders',
  description: 'Your orders at this school, newest first: number, status, totals and items. Paginated with first/after.',
  inputSchema: pageArgs,
  outputSchema: output,
  annotations: READ_ONLY,
  audience: 'member',
  requiredScopes: ['account:read'],
  async handler({ first, after }, ctx) {
    const { site, services } = ctx;
    const page = await services.account.orders(site.id, personOf(ctx), { first, after });
    return { structuredContent: page, summary: pageSummary(page.nodes.length, page.totalCount, 'orders', page.pageInfo.endCursor, page.pageInfo.hasNextPage) };
  },
};
