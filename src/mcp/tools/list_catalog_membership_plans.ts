// list_catalog_membership_plans: the active plans this school shows publicly, cheapest first, with the
// published courses each includes. Archived or hidden plans and revenue figures never appear.
import { z } from 'zod';
import type { ToolDefinition } from '../registry.ts';
import { counted, cursorArg, limitArg, money, nextCursor, pageNote, READ_ONLY } from './common.ts';

const input = z.strictObject({ limit: limitArg, cursor: cursorArg });

const plan = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: money,
  billing_interval: z.string().describe('day, week, month or year'),
  interval_count: z.number().int(),
  trial_days: z.number().int(),
  courses: z.array(z.object({ slug: z.string(), title: z.string() })),
});

const output = z.object({ data: z.array(plan), next_cursor: nextCursor });

export const listMembershipPlans: ToolDefinition<z.output<typeof input>, z.output<typeof output>> = {
  name: 'list_catalog_membership_plans',
  title: 'List membership plans',
  description:
    'Active membership plans this school offers publicly, cheapest first: price, billing interval, trial and included courses. Paginated.',
  inputSchema: input,
  outputSchema: output,
  annotations: READ_ONLY,
  audience: 'anonymous',
  requiredScopes: [],
  async handler(args, { site, services }) {
    const page = await services.catalog.listMembershipPlans(site.id, { limit: args.limit, cursor: args.cursor });
    const result = { data: page.data, next_cursor: page.next_cursor };
    return {
      structuredContent: result,
      summary: `${counted(page.data.length, 'membership plan')}. ${pageNote(page.next_cursor, 'list_catalog_membership_plans')}`,
    };
  },
};
