// my_event_registrations: the token's member's own event registrations, by event start. A
// member sees the meeting link of an event they registered for; the public tool never does.
import { eventRegistration } from './member-shapes.ts';
import { memberListTool } from './member-list-tool.ts';

export const myEventRegistrations = memberListTool({
  name: 'my_event_registrations',
  title: 'My event registrations',
  description:
    'Your registrations for events of this school, by event start, with status and event details. Paged with limit and cursor.',
  node: eventRegistration,
  noun: 'event registrations',
  list: (account, siteId, personId, page) => account.eventRegistrations(siteId, personId, page),
});
