// Handlers of the Events operations (scopes events:read, events:write).
import { cancelEvent } from './cancelEvent.ts';
import { cancelEventRegistration } from './cancelEventRegistration.ts';
import { createEvent } from './createEvent.ts';
import { deleteEvent } from './deleteEvent.ts';
import { getEvent } from './getEvent.ts';
import { listEventRegistrations } from './listEventRegistrations.ts';
import { listEvents } from './listEvents.ts';
import { markEventAttendance } from './markEventAttendance.ts';
import { publishEvent } from './publishEvent.ts';
import { registerEventAttendee } from './registerEventAttendee.ts';
import { updateEvent } from './updateEvent.ts';

export const eventHandlers = {
  cancelEvent,
  cancelEventRegistration,
  createEvent,
  deleteEvent,
  getEvent,
  listEventRegistrations,
  listEvents,
  markEventAttendance,
  publishEvent,
  registerEventAttendee,
  updateEvent,
};
