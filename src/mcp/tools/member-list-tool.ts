// The one form of the member's read-only list tools (my_enrolled_courses, my_orders,
// my_event_registrations): a page of the token's own person's data from the account service,
// paged with first/after like the member GraphQL API, behind a member token with account:read.
// The person comes from the token alone (personOf), so no argument can name anyone else.
import { z } from 'zod';
import type { AccountService } from '../../services/account.ts';
import type { ToolDefinition } from '../registry.ts';
import { READ_ONLY } from './common.ts';
import { connectionOf, pageArgs, pageSummary, personOf } from './member-shapes.ts';

type PageArgs = z.output<typeof pageArgs>;
type Connection<Node extends z.ZodType> = z.output<ReturnType<typeof connectionOf<Node>>>;

export type MemberListTool<Node extends z.ZodType> = {
  name: string;
  title: string;
  description: string;
  /** The output schema of one item; the tool returns a connection of them. */
  node: Node;
  /** What the summary counts ("3 of 7 orders."). */
  noun: string;
  list(account: AccountService, siteId: string, personId: string, page: PageArgs): Promise<Connection<Node>>;
};

export function memberListTool<Node extends z.ZodType>(
  tool: MemberListTool<Node>,
): ToolDefinition<PageArgs, Connection<Node>> {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: pageArgs,
    outputSchema: connectionOf(tool.node),
    annotations: READ_ONLY,
    audience: 'member',
    requiredScopes: ['account:read'],
    async handler({ first, after }, ctx) {
      const page = await tool.list(ctx.services.account, ctx.site.id, personOf(ctx), { first, after });
      return {
        structuredContent: page,
        summary: pageSummary(
          page.nodes.length,
          page.totalCount,
          tool.noun,
          page.pageInfo.endCursor,
          page.pageInfo.hasNextPage,
        ),
      };
    },
  };
}
