// A member's event registration (/account/events/{event id}): the event and the registration's
// state, and "Cancel registration" where the school's rule allows it (services/events/
// own-registrations.ts: before the event starts, never once attended), asked for on a
// confirmation page, then cancelled through the same service as /account/graphql's
// cancelEventRegistration (post, then redirect to the registration).
import { AreaNotFound } from '../../services/audit/actor.ts';
import { AccountInputError } from '../../services/people/own-data.ts';
import { textKey } from '../../lib/text-key.ts';
import type { AreaCall } from '../areas/area-route.ts';
import type { AccountPageDeps } from './types.ts';

export const CANCEL_REGISTRATION_PURPOSE = 'account:events:cancel';

export function mountAccountEventRegistration({ router, area, account }: AccountPageDeps): void {
  async function registrationOf({ ctx, person, params }: AreaCall) {
    const registration = await account.eventRegistration(ctx.site.id, person.personId, params.eventId ?? '');
    if (!registration) throw new AreaNotFound(textKey('memberArea.registration.notFound'));
    return registration;
  }

  router.get(
    '/events/:eventId',
    area.page(async (call) => {
      const registration = await registrationOf(call);
      return call.page('./account/event-registration', {
        titleKey: 'memberArea.registration.title',
        titleVars: { event: registration.event.title },
        current: '/account',
        registration,
      });
    }),
  );

  router.get(
    '/events/:eventId/cancel',
    area.page(async (call) => {
      const registration = await registrationOf(call);
      // Nothing to confirm where the rule refuses: the registration's page says why.
      if (registration.cancelRefusal) return { redirect: `/account/events/${registration.event.id}` };
      return call.page('./account/event-cancel', {
        titleKey: 'memberArea.registration.cancelTitle',
        current: '/account',
        registration,
        csrfToken: call.csrf(CANCEL_REGISTRATION_PURPOSE),
      });
    }),
  );

  router.post(
    '/events/:eventId/cancel',
    area.action(CANCEL_REGISTRATION_PURPOSE, async (call) => {
      const registration = await registrationOf(call);
      const where = `/account/events/${registration.event.id}`;
      try {
        await account.cancelEventRegistration(call.ctx.site.id, call.person.personId, registration.event.id);
      } catch (error) {
        // The event started (or was attended) since the page was shown: nothing changed, the page says why.
        if (error instanceof AccountInputError && error.code === 'INVALID_INPUT') return { redirect: where };
        throw error;
      }
      return { redirect: `${where}?done=registrationCancelled` };
    }),
  );
}
