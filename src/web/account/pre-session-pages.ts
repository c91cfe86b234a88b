// What the account pages reached from a mailed link (invitations, password reset, e-mail links)
// share: they are opened before any session here, so each form carries the double-submit CSRF token
// sign-in uses; a throttled or busy attempt is a page of the school with the minutes to wait; and a
// link that proves the person signs them in here, recorded in the access trail like any sign-in.
import type { Request, Response, Router } from 'express';
import { requestContextOf } from '../../http/site-resolver.ts';
import { renderPage } from '../../http/pages/render-page.ts';
import { noStore } from '../../lib/no-store.ts';
import type { PasswordHashingBusy } from '../../lib/password-hash.ts';
import { textKey, type TextKey } from '../../lib/text-key.ts';
import { rateLimitHeaders, type RateDecision, type RatePolicyName } from '../../services/rate-limiter.ts';
import { preSessionCsrf, verifyPreSessionCsrf } from '../../services/sessions/browser-sessions.ts';
import { field, formBody, type FormBody } from '../areas/forms.ts';
import { recordSignIn } from '../../services/sessions/sign-in.ts';
import { sendAreaResult } from '../areas/area-route.ts';
import type { AccountAreaServices } from './account-area-services.ts';

/** Renders a form page reached without a session: its data gains `csrfToken`, its answer the token's cookie when new. */
export function sendPreSessionForm(
  req: Request,
  res: Response,
  view: string,
  data: Record<string, unknown>,
  status = 200,
  headers: Record<string, string> = {},
): void {
  const csrf = preSessionCsrf(requestContextOf(req).site, req.headers.cookie);
  sendLinkMessage(req, res, view, { ...data, csrfToken: csrf.token }, status, {
    ...headers,
    ...(csrf.cookie ? { 'Set-Cookie': csrf.cookie } : {}),
  });
}

/** A message page (no form), e.g. a link that no longer works. */
export function sendLinkMessage(
  req: Request,
  res: Response,
  view: string,
  data: Record<string, unknown>,
  status = 200,
  headers: Record<string, string> = {},
): void {
  sendAreaResult(res, renderPage(view, requestContextOf(req), data, status, headers));
}

/** 429 with the minutes until the budget comes back, and the RateLimit headers of that policy. */
export function sendTooManyAttempts(
  req: Request,
  res: Response,
  view: string,
  services: Pick<AccountAreaServices, 'rateLimiter'>,
  decision: RateDecision,
  policy: RatePolicyName,
): void {
  const message = textKey('error.message.tooManyAttempts', { count: Math.ceil(decision.resetSeconds / 60) });
  sendLinkMessage(req, res, view, { message }, 429, rateLimitHeaders(decision, services.rateLimiter.policy(policy)));
}

/** /auth.md "Request bounds": no password could be hashed now; nothing was changed. */
export function sendHashingBusy(req: Request, res: Response, view: string, failure: PasswordHashingBusy): void {
  sendLinkMessage(req, res, view, { message: textKey('invitation.error.busy') }, 503, {
    'Retry-After': String(failure.retryAfterSeconds),
  });
}

/**
 * The link proved the person: any session of this browser here ends, a new one starts, the access
 * trail records the sign-in (docs/operations.md "Access trail"), and the browser goes to /account.
 */
export async function signInFromLink(
  services: Pick<AccountAreaServices, 'db' | 'sessions'>,
  req: Request,
  res: Response,
  personId: string,
): Promise<void> {
  const ctx = requestContextOf(req);
  const previous = await services.sessions.current(ctx.site, req.headers.cookie);
  if (previous) await services.sessions.end(ctx.site, previous);
  const from = { userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300) || null, ip: ctx.clientIp };
  const { cookie } = await services.sessions.start(ctx.site, personId, from);
  await recordSignIn(services.db, ctx.site.id, { personId }, from);
  res
    .status(303)
    .set({ Location: '/account', 'Set-Cookie': cookie, ...noStore('browser-session') })
    .end();
}

/** Shows a pre-session page again, with its status and an error for the form. */
export type PreSessionShow = (req: Request, res: Response, status?: number, error?: TextKey) => Promise<void> | void;

/**
 * The GET and POST of one pre-session form page. The POST reaches `submit` only with the form's
 * double-submit token; without it the page is shown again, 400 "form expired", and nothing changes.
 */
export function mountPreSessionForm(
  router: Router,
  path: string,
  show: PreSessionShow,
  submit: (req: Request, res: Response, body: FormBody) => Promise<void>,
): void {
  router.get(path, (req, res, next) => void Promise.resolve(show(req, res)).catch(next));
  router.post(
    path,
    (req, res, next) =>
      void (async () => {
        const body = formBody(req.body);
        const { site } = requestContextOf(req);
        if (!verifyPreSessionCsrf(site, req.headers.cookie, field(body, 'csrf_token')))
          return show(req, res, 400, textKey('error.message.formExpired'));
        await submit(req, res, body);
      })().catch(next),
  );
}
