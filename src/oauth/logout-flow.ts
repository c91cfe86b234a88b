// The end-session endpoint's steps (OpenID Connect RP-Initiated Logout 1.0; /auth.md "Signing
// out"), for GET, POST and the confirmation form:
// 1. the sign-in limit per address (services/sessions/sign-out-throttle.ts);
// 2. the request (services/auth/logout/end-session-request.ts): a bad hint, a client mismatch or an
//    unregistered post-logout redirect is a 400 page, never a redirect;
// 3. no session in this browser: nothing to end, on to the redirect or the signed-out page;
// 4. a hint naming this very session (its `sid`, or its person for a token without one) ends it at
//    once (2: the hint says which session the client means); any other request asks the person
//    first (2: "the OP SHOULD ask the End-User whether to log out"), on a page whose form carries
//    this session's CSRF token, so no other site can sign the person out by a link.
import type { RedirectResult } from '../http/handler.ts';
import { recordAuthEvent } from '../services/audit/auth-events.ts';
import type { OAuthContext } from './oauth-services.ts';
import { renderErrorPage } from '../http/pages/error-page.ts';
import { renderPage, type PageResult } from '../http/pages/render-page.ts';
import { noStore } from '../lib/no-store.ts';
import { textKey } from '../lib/text-key.ts';
import {
  EndSessionRefused,
  readEndSessionRequest,
  type EndSessionParams,
  type EndSessionRequest,
} from '../services/auth/logout/end-session-request.ts';
import { rateLimitHeaders } from '../services/rate-limiter.ts';
import {
  sessionCsrfToken,
  verifySessionCsrfToken,
  type BrowserSession,
} from '../services/sessions/browser-sessions.ts';
import { SIGN_OUT_POLICY, takeSignOutAttempt } from '../services/sessions/sign-out-throttle.ts';

export const LOGOUT_CSRF_PURPOSE = 'oauth:logout';

export type Confirmation = { csrfToken: string | undefined; decision: 'sign_out' | 'stay' };

const FORM_FIELDS = [
  'id_token_hint',
  'logout_hint',
  'client_id',
  'post_logout_redirect_uri',
  'state',
  'ui_locales',
] as const;

/** After the session ended (or there was none): the registered redirect with `state`, or the signed-out page. */
function finished(context: OAuthContext, request: EndSessionRequest, cookie: string): PageResult | RedirectResult {
  const headers = { 'Set-Cookie': cookie, ...noStore('browser-session') };
  if (request.redirectTo)
    return { status: 303, body: undefined, headers: { Location: request.redirectTo, ...headers } };
  return renderPage('./logout', context, { confirm: false }, 200, headers);
}

async function signOutHere(
  context: OAuthContext,
  request: EndSessionRequest,
  session: BrowserSession,
): Promise<PageResult | RedirectResult> {
  const { site, services, clientIp } = context;
  const cookie = await services.sessions.end(site, session);
  await services.audit.record({
    siteId: site.id,
    actorPersonId: session.person_id,
    ...(request.client ? { actorClientId: request.client.clientId } : {}),
    action: 'sign_out',
    ip: clientIp,
  });
  // docs/operations.md "Access trail": a logout, with the application that asked for it.
  await recordAuthEvent(services.db, {
    siteId: site.id,
    kind: 'logout',
    personId: session.person_id,
    clientId: request.client?.clientId ?? null,
    ip: clientIp,
  });
  return finished(context, request, cookie);
}

export async function endSessionFlow(
  params: EndSessionParams,
  confirmation: Confirmation | undefined,
  cookieHeader: string | string[] | undefined,
  context: OAuthContext,
): Promise<PageResult | RedirectResult> {
  const { site, services } = context;
  const decision = await takeSignOutAttempt(services.rateLimiter, context.clientIp);
  if (!decision.allowed) {
    const page = renderErrorPage(
      context,
      'slow_down',
      textKey('error.message.tooManyAttempts', { count: Math.ceil(decision.resetSeconds / 60) }),
      429,
    );
    return {
      ...page,
      headers: { ...page.headers, ...rateLimitHeaders(decision, services.rateLimiter.policy(SIGN_OUT_POLICY)) },
    };
  }

  let request: EndSessionRequest;
  try {
    request = await readEndSessionRequest(services, site, params);
  } catch (error) {
    if (error instanceof EndSessionRefused) return renderErrorPage(context, 'invalid_request', error.text, 400);
    throw error;
  }

  const session = await services.sessions.current(site, cookieHeader);
  // No live session: nothing to end, but a stale cookie is cleared all the same.
  if (!session) return finished(context, request, await services.sessions.end(site, undefined));

  if (confirmation) {
    if (!verifySessionCsrfToken(session, LOGOUT_CSRF_PURPOSE, confirmation.csrfToken))
      return renderErrorPage(context, 'invalid_request', textKey('error.message.formExpired'), 400);
    if (confirmation.decision === 'stay')
      return renderPage('./logout', context, { stayed: true }, 200, noStore('browser-session'));
    return signOutHere(context, request, session);
  }

  const { hint } = request;
  if (hint && hint.personId === session.person_id && (hint.sessionId === undefined || hint.sessionId === session.id))
    return signOutHere(context, request, session);

  return renderPage(
    './logout',
    context,
    {
      confirm: true,
      clientName: request.client?.name,
      csrfToken: sessionCsrfToken(session, LOGOUT_CSRF_PURPOSE),
      fields: FORM_FIELDS.filter((name) => params[name] !== undefined).map((name) => ({ name, value: params[name] })),
    },
    200,
    noStore('browser-session'),
  );
}
