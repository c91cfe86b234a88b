// "Forgot password?" (docs/security.md "Invitations and password reset"), linked from every school's sign-in page:
// /account/password/forgot asks for an address and answers alike whether it is known
// (services/identity/password-reset.ts); the mailed link opens /account/password/reset/<token>,
// where the person chooses a new password. Both are reached without a session, so each form
// carries the double-submit CSRF token sign-in uses. A reset signs the person in here, after every
// other session and grant of theirs, at every school, has ended.
import type { Request, Response, Router } from 'express';
import { requestContextOf } from '../../http/site-resolver.ts';
import { renderPage } from '../../http/pages/render-page.ts';
import { pathsWithNul } from '../../lib/nul-text.ts';
import { noStore } from '../../lib/no-store.ts';
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
import { preSessionCsrf, verifyPreSessionCsrf } from '../../services/sessions/browser-sessions.ts';
import { sendAreaResult } from '../areas/area-route.ts';
import { field, formBody } from '../areas/forms.ts';

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
    const ctx = requestContextOf(req);
    const csrf = preSessionCsrf(ctx.site, req.headers.cookie);
    const page = renderPage(
      './account/password-forgot',
      ctx,
      { csrfToken: csrf.token, mailOff: !services.mail.available, ...data },
      status,
      { ...headers, ...(csrf.cookie ? { 'Set-Cookie': csrf.cookie } : {}) },
    );
    sendAreaResult(res, page);
  }

  router.get('/password/forgot', (req, res) => forgotPage(req, res, services.mail.available ? 200 : 503, {}));

  router.post(
    '/password/forgot',
    (req, res, next) =>
      void (async () => {
        const ctx = requestContextOf(req);
        const body = formBody(req.body);
        if (!verifyPreSessionCsrf(ctx.site, req.headers.cookie, field(body, 'csrf_token')))
          return forgotPage(req, res, 400, { error: textKey('error.message.formExpired') });
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
            {
              error: textKey('error.message.tooManyAttempts', { count: Math.ceil(failure.decision.resetSeconds / 60) }),
            },
            rateLimitHeaders(failure.decision, services.rateLimiter.policy(failure.policy)),
          );
        }
        forgotPage(req, res, 200, { sent: true });
      })().catch(next),
  );

  async function resetPage(req: Request, res: Response, status = 200, error?: TextKey): Promise<void> {
    const ctx = requestContextOf(req);
    const token = String(req.params.token ?? '');
    if (!(await findLiveLink(services.db, ctx.site, 'password_reset', token)))
      return sendAreaResult(
        res,
        renderPage('./account/password-reset', ctx, { message: textKey('passwordReset.error.notValid') }, 404),
      );
    const csrf = preSessionCsrf(ctx.site, req.headers.cookie);
    sendAreaResult(
      res,
      renderPage(
        './account/password-reset',
        ctx,
        { csrfToken: csrf.token, action: req.originalUrl.split('?')[0], minLength: PASSWORD_LENGTH.min, error },
        status,
        csrf.cookie ? { 'Set-Cookie': csrf.cookie } : {},
      ),
    );
  }

  router.get('/password/reset/:token', (req, res, next) => void resetPage(req, res).catch(next));

  router.post(
    '/password/reset/:token',
    (req, res, next) =>
      void (async () => {
        const ctx = requestContextOf(req);
        const body = formBody(req.body);
        const token = String(req.params.token ?? '');
        if (!verifyPreSessionCsrf(ctx.site, req.headers.cookie, field(body, 'csrf_token')))
          return resetPage(req, res, 400, textKey('error.message.formExpired'));
        // The same per-address budget as the request: a link is 256 bits, but nothing is free to try.
        const decision = await services.rateLimiter.take(
          `password-reset:address:${ctx.clientIp}`,
          'passwordResetPerAddress',
        );
        if (!decision.allowed)
          return sendAreaResult(
            res,
            renderPage(
              './account/password-reset',
              ctx,
              { message: textKey('error.message.tooManyAttempts', { count: Math.ceil(decision.resetSeconds / 60) }) },
              429,
              rateLimitHeaders(decision, services.rateLimiter.policy('passwordResetPerAddress')),
            ),
          );
        const password = field(body, 'password') ?? '';
        if (pathsWithNul(body).length > 0 || password !== (field(body, 'password_again') ?? ''))
          return resetPage(req, res, 400, textKey('passwordReset.error.mismatch'));
        try {
          const personId = await completePasswordReset(deps, ctx.site, token, password, ctx.clientIp);
          const { cookie } = await services.sessions.start(ctx.site, personId, {
            userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300) || null,
            ip: ctx.clientIp,
          });
          res
            .status(303)
            .set({ Location: '/account', 'Set-Cookie': cookie, ...noStore('browser-session') })
            .end();
        } catch (failure) {
          if (failure instanceof ResetRefused) return resetPage(req, res, 400, failure.text);
          if (failure instanceof ResetUnavailable) return resetPage(req, res);
          if (failure instanceof PasswordHashingBusy)
            return sendAreaResult(
              res,
              renderPage('./account/password-reset', ctx, { message: textKey('invitation.error.busy') }, 503, {
                'Retry-After': String(failure.retryAfterSeconds),
              }),
            );
          throw failure;
        }
      })().catch(next),
  );
}
