// Output shapes of the member tools. Their items speak the member API's vocabulary (the GraphQL
// SDL in spec/graphql/account.graphql: camelCase fields) so that one token sees the same data at
// /account/graphql and /mcp, from the same account service; their pages are those of every MCP
// list here ({data, next_cursor, total_count}, limit and cursor in), not GraphQL connections.
// A zod output schema drops any field it does not declare.
import { z } from 'zod';
import type { ToolContext } from '../registry.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../services/people/own-data.ts';
import { cursorArg, money, nextCursor } from './common.ts';

export const pageArgs = z.strictObject({
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE)
    .describe(`Items per page, 1-${MAX_PAGE_SIZE}`),
  cursor: cursorArg,
});

const dateTime = z.string().describe('ISO 8601 date-time, UTC');

export const enrolledCourse = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  expireDate: dateTime.nullable().describe('When access ends; null while access is lifetime or unset'),
  hasLifetimeAccess: z.boolean(),
  status: z.string().describe('active, expired or revoked'),
  enrolledAt: dateTime,
  lastWatchedLecture: z
    .object({ lectureId: z.string(), title: z.string(), positionSeconds: z.number().int() })
    .nullable()
    .describe('The lecture last watched, and where the member stopped; null before any'),
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

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    next_cursor: nextCursor,
    total_count: z.number().int().describe('How many there are in all pages'),
  });
}

export function pageSummary(
  items: ReadonlyArray<{ id: string }>,
  total: number,
  noun: string,
  next: string | null,
  tool: string,
): string {
  const ids = items.length
    ? ` (ids: ${items
        .slice(0, 3)
        .map((i) => i.id)
        .join(', ')}${items.length > 3 ? ', …' : ''})`
    : '';
  const more = next ? ` More: call ${tool} again with cursor "${next}".` : ' This is the last page.';
  return `${items.length} of ${total} ${noun}${ids}.${more}`;
}

/** The member a tool acts for: the token's person. The registry admits member tokens only. */
export function personOf(ctx: ToolContext): string {
  if (!ctx.auth || ctx.auth.audience !== 'member') throw new Error('member tool called without a member token');
  return ctx.auth.personId;
}
