// cancel_my_event_registration: cancels the member's registration for an event. Destructive (it
// gives up a seat that someone else may take), idempotent (cancelling twice changes nothing).
import { z } from 'zod';
import type { ToolDefinition } from '../registry.ts';
import { eventRegistration, personOf } from './member-shapes.ts';

const input = z.strictObject({
  eventId: z.string().min(1).max(100).describe('The event id of your registration (my_event_registrations)'),
});

const output = z.object({ registration: eventRegistration });

export const cancelEventRegistration: ToolDefinition<z.output<typeof input>, z.output<typeof output>> = {
  name: 'cancel_my_event_registration',
  title: 'Cancel an event registration',
  description:
    'Cancel your registration for an event of this school. Your seat is released; registering again later may find the event full.',
  inputSchema: input,
  outputSchema: output,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  audience: 'member',
  requiredScopes: ['account:read', 'account:write'],
  async handler({ eventId }, ctx) {
    const registration = await ctx.services.account.cancelEventRegistration(ctx.site.id, personOf(ctx), eventId);
    return {
      structuredContent: { registration },
      summary: `Registration ${registration.id} is ${registration.status}.`,
    };
  },
};
