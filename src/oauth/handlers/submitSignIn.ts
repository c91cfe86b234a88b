import type { SubmitSignInData } from '../../../generated/openapi/client/types.gen.ts';
import type { OAuthPageHandler } from '../oauth-services.ts';
import { HASH_RETRY_AFTER_SECONDS, PasswordHashingBusy, passwordChecksSaturated } from '../../lib/password-hash.ts';
import { rateLimitHeaders } from '../../services/rate-limiter.ts';
import {
  noteSignedIn,
  recordSignIn,
  recordThrottledSignIn,
  verifyCredentials,
  type CredentialCheck,
} from '../../services/sessions/sign-in.ts';
import { startSignInAttempt } from '../../services/sessions/sign-in-throttle.ts';
import { renderErrorPage } from '../../http/pages/error-page.ts';
import { renderPage } from '../../http/pages/render-page.ts';
import { textKey, type TextKey } from '../../lib/text-key.ts';
import { safeReturnTo } from '../../lib/return-to.ts';
import { verifyPreSessionCsrf } from '../../services/sessions/browser-sessions.ts';
import { noStore } from '../../lib/no-store.ts';

const WRONG_CREDENTIALS = textKey('signIn.error.wrongCredentials');
const BUSY = textKey('signIn.error.busy');

/**
 * Signs in: CSRF-checked, throttled per person and per address (sign-in-throttle.ts), one generic message for any wrong
 * credential, and a brand-new session id (no session fixation).
 */
export const submitSignIn: OAuthPageHandler<SubmitSignInData> = async ({ body, headers }, ctx) => {
  const { site, services } = ctx;
  if (!verifyPreSessionCsrf(site, headers.cookie, body.csrf_token)) {
    return renderErrorPage(ctx, 'invalid_request', textKey('error.message.signInFormExpired'), 400);
  }
  const email = (body.email ?? '').trim().toLowerCase();
  const returnTo = safeReturnTo(site.origin, body.return_to);
  // docs/operations.md "Access trail": where the attempt came from; the user agent bounded.
  const from = {
    ip: ctx.clientIp,
    userAgent: typeof headers['user-agent'] === 'string' ? headers['user-agent'].slice(0, 300) : null,
  };
  const page = (status: number, error: TextKey, extra: Record<string, string> = {}) =>
    renderPage('./sign-in', ctx, { csrfToken: body.csrf_token, returnTo, email, error }, status, extra);

  // /auth.md "Request bounds": no password check can start now (lib/password-hash.ts): refused before any
  // other work, the same for every account, and without spending the person's attempts.
  if (passwordChecksSaturated()) return page(503, BUSY, { 'Retry-After': String(HASH_RETRY_AFTER_SECONDS) });
  // /auth.md "Rate limits": guesses counted per identity across schools, per identity and address, per address.
  const attempt = await startSignInAttempt(services.rateLimiter, email, ctx.clientIp);
  if (!attempt.allowed) {
    const { decision, policy } = attempt;
    await recordThrottledSignIn(services.db, services.rateLimiter, site.id, from);
    return page(
      429,
      textKey('error.message.tooManyAttempts', { count: Math.ceil(decision.resetSeconds / 60) }),
      rateLimitHeaders(decision, services.rateLimiter.policy(policy)),
    );
  }

  let check: CredentialCheck;
  try {
    check =
      email && body.password
        ? await verifyCredentials(services.db, site.id, email, body.password)
        : { failure: 'unknown_account' };
  } catch (error) {
    // /auth.md "Request bounds": the queue filled meanwhile, or this check waited too long; the same for every account.
    if (!(error instanceof PasswordHashingBusy)) throw error;
    return page(503, BUSY, { 'Retry-After': String(error.retryAfterSeconds) });
  }
  if (check.failure) {
    await services.audit.record({ siteId: site.id, action: 'sign_in.failed', details: { email }, ip: ctx.clientIp });
    await recordSignIn(services.db, site.id, check, from);
    return page(401, WRONG_CREDENTIALS);
  }
  const { personId } = check;
  await attempt.succeeded();
  const previous = await services.sessions.current(site, headers.cookie);
  if (previous) await services.sessions.end(site, previous);
  const { cookie } = await services.sessions.start(site, personId, from);
  await noteSignedIn(services.db, personId);
  await recordSignIn(services.db, site.id, { personId }, from);
  await services.audit.record({
    siteId: site.id,
    actorPersonId: personId,
    action: 'sign_in.succeeded',
    ip: ctx.clientIp,
  });
  return {
    status: 303,
    body: undefined,
    headers: { Location: returnTo, 'Set-Cookie': cookie, ...noStore('browser-session') },
  };
};
