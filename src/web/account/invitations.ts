// The page at an invitation's accept link, /account/invitations/<token>. It is
// reached before the person has a role here (so it is not behind the account area's gate) and
// often before they have a session: the form carries a double-submit CSRF token, as sign-in does.
// Accepting proves the person (services/invitations.ts), adds the role, and signs them in here.
import type { Request, Response, Router } from 'express';
import { requestContextOf } from '../../http/site-resolver.ts';
import { pathsWithNul } from '../../lib/nul-text.ts';
import { textKey, type TextKey } from '../../lib/text-key.ts';
import { PasswordHashingBusy } from '../../lib/password-hash.ts';
import type { AccountAreaServices } from './account-area-services.ts';
import {
  acceptInvitation,
  declineInvitation,
  findOpenInvitation,
  InvitationRefused,
  InvitationThrottled,
  InvitationUnavailable,
  PASSWORD_LENGTH,
} from '../../services/people/invitations.ts';
import { rateLimitHeaders } from '../../services/rate-limiter.ts';
import { field, formBody } from '../areas/forms.ts';
import { sendAreaResult } from '../areas/area-route.ts';
import { renderPage } from '../../http/pages/render-page.ts';
import { preSessionCsrf, verifyPreSessionCsrf } from '../../services/sessions/browser-sessions.ts';
import { noStore } from '../../lib/no-store.ts';
import { recordSignIn } from '../../services/sessions/sign-in.ts';

export function mountAccountInvitations(
  router: Router,
  services: Pick<AccountAreaServices, 'db' | 'rateLimiter' | 'audit' | 'sessions'>,
): void {
  const deps = { db: services.db, rateLimiter: services.rateLimiter, audit: services.audit };

  async function show(req: Request, res: Response, status = 200, error?: TextKey): Promise<void> {
    const ctx = requestContextOf(req);
    const { site } = ctx;
    const token = String(req.params.token ?? '');
    try {
      const invitation = await findOpenInvitation(services.db, site, token);
      const csrf = preSessionCsrf(site, req.headers.cookie);
      const page = renderPage(
        './account/invitation',
        ctx,
        {
          csrfToken: csrf.token,
          action: req.originalUrl.split('?')[0],
          email: invitation.email,
          role: invitation.role,
          name: invitation.name,
          minLength: PASSWORD_LENGTH.min,
          error,
        },
        status,
        csrf.cookie ? { 'Set-Cookie': csrf.cookie } : {},
      );
      sendAreaResult(res, page);
    } catch (failure) {
      if (!(failure instanceof InvitationUnavailable)) throw failure;
      sendAreaResult(res, renderPage('./account/invitation', ctx, { message: failure.text }, 404));
    }
  }

  router.get('/invitations/:token', (req, res, next) => void show(req, res).catch(next));

  router.post(
    '/invitations/:token',
    (req, res, next) =>
      void (async () => {
        const ctx = requestContextOf(req);
        const body = formBody(req.body);
        const token = String(req.params.token ?? '');
        if (!verifyPreSessionCsrf(ctx.site, req.headers.cookie, field(body, 'csrf_token')))
          return show(req, res, 400, textKey('error.message.formExpired'));
        // Text the database cannot hold (lib/nul-text.ts), or a name longer than the API allows: a 400 page, never a 500.
        if (pathsWithNul(body).length > 0 || (field(body, 'name') ?? '').length > 200)
          return show(req, res, 400, textKey('invitation.error.badText', { max: 200 }));
        try {
          if (field(body, 'decision') === 'decline') {
            await declineInvitation(deps, ctx.site, token, ctx.clientIp);
            return sendAreaResult(
              res,
              renderPage('./account/invitation', ctx, {
                message: textKey('invitation.declined', { school: ctx.site.name }),
              }),
            );
          }
          const personId = await acceptInvitation(
            deps,
            ctx.site,
            token,
            { password: field(body, 'password') ?? '', name: field(body, 'name') },
            ctx.clientIp,
          );
          const previous = await services.sessions.current(ctx.site, req.headers.cookie);
          if (previous) await services.sessions.end(ctx.site, previous);
          const from = { userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300) || null, ip: ctx.clientIp };
          const { cookie } = await services.sessions.start(ctx.site, personId, from);
          // docs/operations.md "Access trail": accepting signs the person in.
          await recordSignIn(services.db, ctx.site.id, { personId }, from);
          res
            .status(303)
            .set({ Location: '/account', 'Set-Cookie': cookie, ...noStore('browser-session') })
            .end();
        } catch (failure) {
          if (failure instanceof InvitationRefused) return show(req, res, 401, failure.text);
          if (failure instanceof InvitationThrottled) {
            const page = renderPage(
              './account/invitation',
              ctx,
              {
                message: textKey('error.message.tooManyAttempts', {
                  count: Math.ceil(failure.decision.resetSeconds / 60),
                }),
              },
              429,
              rateLimitHeaders(failure.decision, services.rateLimiter.policy(failure.policy)),
            );
            return sendAreaResult(res, page);
          }
          if (failure instanceof InvitationUnavailable) return show(req, res);
          // /auth.md "Request bounds": no password check could run now; nothing was accepted.
          if (failure instanceof PasswordHashingBusy) {
            return sendAreaResult(
              res,
              renderPage('./account/invitation', ctx, { message: textKey('invitation.error.busy') }, 503, {
                'Retry-After': String(failure.retryAfterSeconds),
              }),
            );
          }
          throw failure;
        }
      })().catch(next),
  );
}
