// Output shapes of the member tools. They speak the member API's vocabulary (the GraphQL SDL in
// spec/graphql/account.graphql: camelCase fields, connections with nodes, pageInfo and
// totalCount, `first`/`after` paging) so that one token sees the same data at /account/graphql
// and /mcp, from the same account service. A zod output schema drops any field it does not declare.
import { z } from 'zod';
import type { ToolContext } from '../registry.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../services/account.ts';
import { money } from './common.ts';

export const firstArg = z
  .number()
  .int()
  .min(1)
  .max(MAX_PAGE_SIZE)
  .default(DEFAULT_PAGE_SIZE)
  .describe(`Items per page, 1-${MAX_PAGE_SIZE}`);
export const afterArg = z
  .string()
  .min(1)
  .max(500)
  .optional()
  .describe('pageInfo.endCursor of the previous page; omit for the first page');
export const pageArgs = z.strictObject({ first: firstArg, after: afterArg });

const dateTime = z.string().describe('ISO 8601 date-time, UTC');

export const enrolledCourse = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  expiresAt: dateTime.nullable().describe('When access ends; null while access is lifetime or unset'),
  hasLifetimeAccess: z.boolean(),
  status: z.string().describe('active, expired or revoked'),
  enrolledAt: dateTime,
  lastWatched: z.object({ lectureId: z.string(), title: z.string(), positionSeconds: z.number().int() }).nullable(),
  progress: z.object({
    completedLectures: z.number().int(),
    totalLectures: z.number().int(),
    percentComplete: z.number().int(),
  }),
});

const orderItem = z.object({
  itemType: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  unitPrice: money,
  total: money,
});

export const order = z.object({
  id: z.string(),
  number: z.string(),
  status: z.string().describe('not_paid, paid, failed, refunded, expired or manual'),
  subtotal: money,
  discount: money,
  tax: money,
  total: money,
  couponCode: z.string().nullable(),
  items: z.array(orderItem),
  createdAt: dateTime,
  paidAt: dateTime.nullable(),
});

export const eventRegistration = z.object({
  id: z.string(),
  status: z.string().describe('registered, cancelled or attended'),
  registeredAt: dateTime,
  event: z.object({
    id: z.string(),
    title: z.string(),
    startsAt: dateTime,
    endsAt: dateTime,
    location: z.string().nullable(),
    onlineUrl: z.string().nullable(),
  }),
});

export function connectionOf<T extends z.ZodType>(node: T) {
  return z.object({
    nodes: z.array(node),
    pageInfo: z.object({
      hasNextPage: z.boolean(),
      endCursor: z.string().nullable().describe('Pass as after to get the next page'),
    }),
    totalCount: z.number().int(),
  });
}

export function pageSummary(
  shown: number,
  total: number,
  noun: string,
  endCursor: string | null,
  hasNextPage: boolean,
): string {
  const more = hasNextPage && endCursor ? ` More: call again with after "${endCursor}".` : ' This is the last page.';
  return `${shown} of ${total} ${noun}.${more}`;
}

/** The member a tool acts for: the token's person. The registry admits member tokens only. */
export function personOf(ctx: ToolContext): string {
  if (!ctx.auth || ctx.auth.audience !== 'member') throw new Error('member tool called without a member token');
  return ctx.auth.personId;
}
