// /account/profile (docs/security.md "Account changes"): the signed-in person's name, password and
// e-mail address, and the verification of their address (services/identity/account-changes.ts).
// Each form posts with the area's session CSRF token; a wrong current password counts as a failed
// sign-in. The links mailed for an address open /account/email/confirm/<token> and
// /account/email/verify/<token> (email-links.ts).
import { findPerson } from '../../services/people/profile.ts';
import {
  changeName,
  changePassword,
  ChangeRefused,
  ChangeThrottled,
  NAME_MAX,
  requestEmailChange,
  requestEmailVerification,
} from '../../services/identity/account-changes.ts';
import { MailNotConfigured } from '../../services/mail/mail-outbox.ts';
import { PASSWORD_LENGTH } from '../../services/people/invitations.ts';
import { rateLimitHeaders } from '../../services/rate-limiter.ts';
import type { AccountLinkServices } from './account-area-services.ts';
import type { AreaCall, AreaHandler, AreaResult } from '../areas/area-route.ts';
import { field } from '../areas/forms.ts';
import { textKey, type TextKey } from '../../lib/text-key.ts';
import type { AccountPageDeps } from './types.ts';

export const PROFILE_PURPOSE = 'account:profile';

export function mountAccountProfile({ router, area }: AccountPageDeps, services: AccountLinkServices): void {
  // The identity services take what they use of this bundle (services/identity/).
  const deps = services;

  async function show(call: AreaCall, status = 200, error?: TextKey, headers: Record<string, string> = {}) {
    const person = await findPerson(services.db, call.person.personId);
    return call.page(
      './account/profile',
      {
        titleKey: 'profile.title',
        current: '/account/profile',
        profile: person,
        csrfToken: call.csrf(PROFILE_PURPOSE),
        mailOff: !services.mail.available,
        minLength: PASSWORD_LENGTH.min,
        nameMax: NAME_MAX,
        error,
      },
      status,
      headers,
    );
  }

  /** A form's outcome: back to the page with its notice, or the page again with what went wrong. */
  const form =
    (change: (call: AreaCall) => Promise<string>): AreaHandler =>
    async (call): Promise<AreaResult> => {
      try {
        return { redirect: `/account/profile?done=${await change(call)}` };
      } catch (failure) {
        if (failure instanceof ChangeRefused) return show(call, 400, failure.text);
        if (failure instanceof MailNotConfigured) return show(call, 503, textKey('passwordReset.mailOff'));
        if (failure instanceof ChangeThrottled)
          return show(
            call,
            429,
            textKey('error.message.tooManyAttempts', { count: Math.ceil(failure.decision.resetSeconds / 60) }),
            rateLimitHeaders(failure.decision, services.rateLimiter.policy(failure.policy)),
          );
        throw failure;
      }
    };

  router.get(
    '/profile',
    area.page((call) => show(call)),
  );
  router.post(
    '/profile/name',
    area.action(
      PROFILE_PURPOSE,
      form(async ({ actor, body }) => (await changeName(deps, actor, field(body, 'name') ?? ''), 'nameChanged')),
    ),
  );
  router.post(
    '/profile/password',
    area.action(
      PROFILE_PURPOSE,
      form(async ({ actor, body, session }) => {
        await changePassword(deps, actor, session.id, {
          current: field(body, 'current_password') ?? '',
          next: field(body, 'password') ?? '',
          again: field(body, 'password_again') ?? '',
        });
        return 'passwordChanged';
      }),
    ),
  );
  router.post(
    '/profile/email',
    area.action(
      PROFILE_PURPOSE,
      form(async ({ ctx, actor, body }) => {
        await requestEmailChange(deps, ctx.site, actor, {
          newEmail: field(body, 'email') ?? '',
          password: field(body, 'current_password') ?? '',
        });
        return 'emailLinkSent';
      }),
    ),
  );
  router.post(
    '/profile/verify',
    area.action(
      PROFILE_PURPOSE,
      form(async ({ ctx, actor }) => (await requestEmailVerification(deps, ctx.site, actor), 'verifyLinkSent')),
    ),
  );
}
