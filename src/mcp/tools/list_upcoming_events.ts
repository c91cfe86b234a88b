// list_upcoming_events: published events of this school that start after now, soonest first.
// Public fields only: the meeting link of an online event grants access and is never shown.
import { z } from 'zod';
import type { ToolDefinition } from '../registry.ts';
import { counted, cursorArg, limitArg, money, nextCursor, pageNote, READ_ONLY, passOnNote } from './common.ts';

const input = z.strictObject({ limit: limitArg, cursor: cursorArg });

const event = z.object({
  id: z.string().describe('Use as eventId with register_for_event'),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  timezone: z.string().describe('IANA time zone the school shows the event in'),
  location: z.string().nullable(),
  is_online: z.boolean(),
  capacity: z.number().int().nullable(),
  remaining_seats: z.number().int().nullable().describe('Null when the event has no capacity limit'),
  price: money,
});

const output = z.object({ data: z.array(event), next_cursor: nextCursor });

export const listUpcomingEvents: ToolDefinition<z.output<typeof input>, z.output<typeof output>> = {
  name: 'list_upcoming_events',
  title: 'List upcoming events',
  description:
    'Published events of this school that have not started yet, soonest first, with price and remaining seats. Paginated.',
  inputSchema: input,
  outputSchema: output,
  annotations: READ_ONLY,
  audience: 'anonymous',
  requiredScopes: [],
  async handler(args, { site, services, now }) {
    const page = await services.catalog.listUpcomingEvents(site.id, { now, limit: args.limit, cursor: args.cursor });
    const result = { data: page.data, next_cursor: page.next_cursor };
    return {
      structuredContent: result,
      summary: `${counted(page.data.length, 'upcoming event')}.${passOnNote(page.data, 'id', 'register_for_event')} ${pageNote(page.next_cursor, 'list_upcoming_events')}`,
    };
  },
};
