// Handlers of the Access trail operations (scope auth_events:read).
import { listAuthEvents } from './listAuthEvents.ts';

export const authEventHandlers = { listAuthEvents };
