// "Forgot password?" (docs/security.md "Invitations and password reset"), linked from every school's sign-in page:
// /account/password/forgot asks for an address and answers alike whether it is known
// (services/identity/password-reset.ts); the mailed link opens /account/password/reset/<token>,
// where the person chooses a new password. Both are reached without a session, so each form
// carries the double-submit CSRF token sign-in uses. A reset signs the person in here, after every
// other session and grant of theirs, at every school, has ended.
import type { Request, Response, Router } from 'express';
import { requestContextOf } from '../../http/site-resolver.ts';
import { pathsWithNul } from '../../lib/nul-text.ts';
import { PasswordHashingBusy } from '../../lib/password-hash.ts';
import { textKey, type TextKey } from '../../lib/text-key.ts';
import type { AccountLinkServices } from './account-area-services.ts';
import { findLiveLink } from '../../services/identity/person-links.ts';
import {
  completePasswordReset,
  requestPasswordReset,
  ResetRefused,
  ResetThrottled,
  ResetUnavailable,
} from '../../services/identity/password-reset.ts';
import { PASSWORD_LENGTH } from '../../services/people/invitations.ts';
import { rateLimitHeaders } from '../../services/rate-limiter.ts';
import { field } from '../areas/forms.ts';
import {
  sendHashingBusy,
  sendLinkMessage,
  sendPreSessionForm,
  sendTooManyAttempts,
  signInFromLink,
  mountPreSessionForm,
  type PreSessionShow,
} from './pre-session-pages.ts';

/** RFC 5321 4.5.3.1.3: a path, and so an address, is at most 256 octets; longer is no address. */
const EMAIL_MAX = 254;

export function mountPasswordReset(router: Router, services: AccountLinkServices): void {
  // The identity services take what they use of this bundle (services/identity/).
  const deps = services;

  function forgotPage(
    req: Request,
    res: Response,
    status: number,
    data: { error?: TextKey; sent?: boolean },
    headers: Record<string, string> = {},
  ) {
    sendPreSessionForm(
      req,
      res,
      './account/password-forgot',
      { mailOff: !services.mail.available, ...data },
      status,
      headers,
    );
  }

  const showForgot: PreSessionShow = (req, res, status, error) =>
    forgotPage(req, res, status ?? (services.mail.available ? 200 : 503), { error });
  mountPreSessionForm(router, '/password/forgot', showForgot, async (req, res, body) => {
    const ctx = requestContextOf(req);
    const email = field(body, 'email') ?? '';
    if (!services.mail.available) return forgotPage(req, res, 503, {});
    if (pathsWithNul(body).length > 0 || email.length > EMAIL_MAX || !/^[^\s@]+@[^\s@]+$/.test(email.trim()))
      return forgotPage(req, res, 400, { error: textKey('passwordReset.error.badEmail') });
    try {
      await requestPasswordReset(deps, ctx.site, email, ctx.clientIp);
    } catch (failure) {
      if (!(failure instanceof ResetThrottled)) throw failure;
      return forgotPage(
        req,
        res,
        429,
        { error: textKey('error.message.tooManyAttempts', { count: Math.ceil(failure.decision.resetSeconds / 60) }) },
        rateLimitHeaders(failure.decision, services.rateLimiter.policy(failure.policy)),
      );
    }
    forgotPage(req, res, 200, { sent: true });
  });

  async function resetPage(req: Request, res: Response, status = 200, error?: TextKey): Promise<void> {
    const ctx = requestContextOf(req);
    const token = String(req.params.token ?? '');
    if (!(await findLiveLink(services.db, ctx.site, 'password_reset', token)))
      return sendLinkMessage(
        req,
        res,
        './account/password-reset',
        { message: textKey('passwordReset.error.notValid') },
        404,
      );
    sendPreSessionForm(
      req,
      res,
      './account/password-reset',
      { action: req.originalUrl.split('?')[0], minLength: PASSWORD_LENGTH.min, error },
      status,
    );
  }

  mountPreSessionForm(router, '/password/reset/:token', resetPage, async (req, res, body) => {
    const ctx = requestContextOf(req);
    const token = String(req.params.token ?? '');
    // The same per-address budget as the request: a link is 256 bits, but nothing is free to try.
    const decision = await services.rateLimiter.take(
      `password-reset:address:${ctx.clientIp}`,
      'passwordResetPerAddress',
    );
    if (!decision.allowed)
      return sendTooManyAttempts(req, res, './account/password-reset', services, decision, 'passwordResetPerAddress');
    const password = field(body, 'password') ?? '';
    if (pathsWithNul(body).length > 0 || password !== (field(body, 'password_again') ?? ''))
      return resetPage(req, res, 400, textKey('passwordReset.error.mismatch'));
    try {
      const personId = await completePasswordReset(deps, ctx.site, token, password, ctx.clientIp);
      await signInFromLink(services, req, res, personId);
    } catch (failure) {
      if (failure instanceof ResetRefused) return resetPage(req, res, 400, failure.text);
      if (failure instanceof ResetUnavailable) return resetPage(req, res);
      if (failure instanceof PasswordHashingBusy) return sendHashingBusy(req, res, './account/password-reset', failure);
      throw failure;
    }
  });
}
