// register_for_event: registers the member for a published upcoming event of this school.
// Idempotent (the member API's rule): a second call returns the existing registration.
import { z } from 'zod';
import type { ToolDefinition } from '../registry.ts';
import { eventRegistration, personOf } from './member-shapes.ts';

const input = z.strictObject({ eventId: z.string().min(1).max(100).describe('An event id from list_upcoming_events') });

const output = z.object({ registration: eventRegistration });

export const registerForEvent: ToolDefinition<z.output<typeof input>, z.output<typeof output>> = {
  name: 'register_for_event',
  title: 'Register for an event',
  description:
    'Register yourself for a published upcoming event of this school. Calling it again returns the existing registration.',
  inputSchema: input,
  outputSchema: output,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  audience: 'member',
  requiredScopes: ['account:read', 'account:write'],
  async handler({ eventId }, ctx) {
    const registration = await ctx.services.account.registerForEvent(ctx.site.id, personOf(ctx), eventId);
    return {
      structuredContent: { registration },
      summary: `Registration ${registration.id} is ${registration.status}.`,
    };
  },
};
