// The one form of the member's read-only list tools (my_enrolled_courses, my_orders,
// my_event_registrations): a page of the token's own person's data from the account service,
// paged as every MCP list ({data, next_cursor, total_count}), behind a member token with account:read.
// The person comes from the token alone (personOf), so no argument can name anyone else.
import { z } from 'zod';
import type { AccountService, Connection } from '../../services/people/own-data.ts';
import type { ToolDefinition } from '../registry.ts';
import { READ_ONLY } from './common.ts';
import { pageArgs, pageOf, pageSummary, personOf } from './member-shapes.ts';

type PageArgs = z.output<typeof pageArgs>;
type Page<Node extends z.ZodType> = z.output<ReturnType<typeof pageOf<Node>>>;

export type MemberListTool<Node extends z.ZodType> = {
  name: string;
  title: string;
  description: string;
  /** The output schema of one item; the tool returns a page of them. */
  node: Node;
  /** What the summary counts ("3 of 7 orders."). */
  noun: string;
  list(
    account: AccountService,
    siteId: string,
    personId: string,
    page: { first: number; after?: string },
  ): Promise<Connection<z.output<Node>>>;
};

export function memberListTool<Node extends z.ZodType>(
  tool: MemberListTool<Node>,
): ToolDefinition<PageArgs, Page<Node>> {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: pageArgs,
    outputSchema: pageOf(tool.node),
    annotations: READ_ONLY,
    audience: 'member',
    requiredScopes: ['account:read'],
    async handler({ limit, cursor }, ctx) {
      // The account service pages as the GraphQL API does (first/after); only the shape differs here.
      const connection = await tool.list(ctx.services.account, ctx.site.id, personOf(ctx), {
        first: limit,
        after: cursor,
      });
      const next = connection.nextCursor;
      const page = { data: connection.nodes, next_cursor: next, total_count: connection.totalCount };
      return {
        structuredContent: page,
        summary: pageSummary(
          connection.nodes as Array<{ id: string }>,
          connection.totalCount,
          tool.noun,
          next,
          tool.name,
        ),
      };
    },
  };
}
