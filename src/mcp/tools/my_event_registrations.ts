// my_event_registrations: the token's member's own event registrations, by event start. A
// member sees the meeting link of an event they registered for; the public tool never does.
import { z } from 'zod';
import type { ToolDefinition } from '../registry.ts';
import { READ_ONLY } from './common.ts';
import { connectionOf, eventRegistration, pageArgs, pageSummary, personOf } from './member-shapes.ts';

const output = connectionOf(eventRegistration);

export const myEventRegistrations: ToolDefinition<z.output<typeof pageArgs>, z.output<typeof output>> = {
  name: 'my_event_registrations',
  title: 'My event registrations',
  description: 'Your registrations for events of this school, by event start, with status and event details. Paginated with first/after.',
  inputSchema: pageArgs,
  outputSchema: output,
  annotations: READ_ONLY,
  audience: 'member',
  requiredScopes: ['account:read'],
  async handler({ first, after }, ctx) {
    const { site, services } = ctx;
    const page = await services.account.eventRegistrations(site.id, personOf(ctx), { first, after });
    return { structuredContent: page, summary: pageSummary(page.nodes.length, page.totalCount, 'event registrations', page.pageInfo.endCursor, page.pageInfo.hasNextPage) };
  },
};
