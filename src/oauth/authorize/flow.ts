// The authorization endpoint's edge, shared by the GET request and the consent form's POST:
// session and sign-in, then a code or the consent page. The rules it asks (who may authorize what,
// remembered consent, the decision, the code) are services/auth/authorize/decision.ts.
import type { PageResult, RedirectResult } from '../../http/handler.ts';
import type { OAuthContext } from '../oauth-services.ts';
import { renderPage, siteText } from '../../http/pages/render-page.ts';
import { groupScopes, scopeMeaning } from '../../http/pages/i18n/scope-groups.ts';
import {
  sessionCsrfToken,
  SIGN_OUT_CSRF_PURPOSE,
  type BrowserSession,
} from '../../services/sessions/browser-sessions.ts';
import {
  consentingEmail,
  consentRemembered,
  issueCode,
  recordDecision,
  scopeDecision,
} from '../../services/auth/authorize/decision.ts';
import { RoleRefused, type ScopeDecision } from '../../services/auth/authorize/role-permissions.ts';
import { redirectToClient } from '../../services/auth/authorize/redirect-to-client.ts';
import { ConsentRequired, LoginRequired } from '../../services/auth/errors.ts';
import { isLoopbackUri } from '../../services/auth/redirect-uri.ts';
import { formatScope } from '../../services/auth/scopes.ts';
import {
  FORWARDED_PARAMETERS,
  type AuthorizationParams,
  type AuthorizationRequest,
} from '../../services/auth/authorize/request.ts';
import { noStore } from '../../lib/no-store.ts';

export type FlowResult = PageResult | RedirectResult;

export const CONSENT_CSRF_PURPOSE = 'consent';

export function redirectResult(location: string): RedirectResult {
  return { status: 302, body: undefined, headers: { Location: location, ...noStore('browser-session') } };
}

/** The sign-in page that returns to the same request without prompt=login (a path of this origin). */
function signInPath(params: AuthorizationParams, loginHint: string | undefined): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values)
      query.append(
        name,
        name === 'prompt'
          ? v
              .split(' ')
              .filter((p) => p !== 'login')
              .join(' ')
          : v,
      );
  }
  const returnTo = `/oauth/authorize?${query.toString()}`;
  const signIn = new URLSearchParams({ return_to: returnTo, ...(loginHint ? { login_hint: loginHint } : {}) });
  return `/oauth/sign-in?${signIn.toString()}`;
}

/** Where the browser goes to sign in, and back: the same request without prompt=login. */
export function signInRedirect(params: AuthorizationParams, loginHint: string | undefined): FlowResult {
  return redirectResult(signInPath(params, loginHint));
}

/**
 * "Not you? Switch account": a form that signs out of the school (POST /oauth/sign-out, with its
 * CSRF token) and returns to this request's sign-in page, no login_hint, every parameter kept.
 */
function switchAccount(session: BrowserSession, params: AuthorizationParams) {
  return { csrfToken: sessionCsrfToken(session, SIGN_OUT_CSRF_PURPOSE), returnTo: signInPath(params, undefined) };
}

function needsSignIn(request: AuthorizationRequest, session: BrowserSession | undefined): boolean {
  if (!session) return true;
  if (request.prompt.has('login')) return true;
  return (
    request.maxAgeSeconds !== undefined && (Date.now() - session.auth_time.getTime()) / 1000 > request.maxAgeSeconds
  );
}

/** GET /oauth/authorize after validation: sign in, check the role, then code or consent page. */
export async function continueAuthorization(
  ctx: OAuthContext,
  request: AuthorizationRequest,
  params: AuthorizationParams,
  session: BrowserSession | undefined,
): Promise<FlowResult> {
  if (needsSignIn(request, session)) {
    if (request.prompt.has('none')) throw new LoginRequired('The user is not signed in.');
    return signInRedirect(params, request.loginHint);
  }
  const signedIn = session!;
  let decision: ScopeDecision;
  try {
    decision = await scopeDecision(ctx, request, signedIn);
  } catch (error) {
    // prompt=none shows no page (OIDC Core 3.1.2.1): the refusal goes straight back to the client.
    if (error instanceof RoleRefused && !request.prompt.has('none'))
      return refusalPage(ctx, request, params, signedIn, error);
    throw error;
  }
  const scopes = decision.granted;
  if (await consentRemembered(ctx, request, signedIn, scopes))
    return redirectResult(await issueCode(ctx, request, signedIn, scopes));
  if (request.prompt.has('none')) throw new ConsentRequired('The user has not yet allowed this application.');
  return consentPage(ctx, request, params, signedIn, decision);
}

/**
 * A person whose role cannot use this application learns why on the school's page; its button is
 * the very error redirect (RFC 6749 4.1.2.1 access_denied, with state and iss), so the client
 * hears the same answer as before, one click later.
 */
async function refusalPage(
  ctx: OAuthContext,
  request: AuthorizationRequest,
  params: AuthorizationParams,
  session: BrowserSession,
  refusal: RoleRefused,
): Promise<FlowResult> {
  const returnUrl = redirectToClient(
    request.redirectUri,
    { error: refusal.code, error_description: refusal.description, state: request.state },
    ctx.site.origin,
  );
  return renderPage(
    './authorize-refused',
    ctx,
    {
      clientName: request.client.name,
      redirectHost: new URL(request.redirectUri).host,
      personEmail: await consentingEmail(ctx, session),
      reason: refusal.reason,
      role: refusal.role,
      returnUrl,
      switchAccount: switchAccount(session, params),
    },
    403,
  );
}

async function consentPage(
  ctx: OAuthContext,
  request: AuthorizationRequest,
  params: AuthorizationParams,
  session: BrowserSession,
  decision: ScopeDecision,
): Promise<FlowResult> {
  const scopes = decision.granted;
  const personEmail = await consentingEmail(ctx, session);
  const forwarded: Record<string, string> = {};
  const values: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: request.client.clientId,
    redirect_uri: request.redirectUri,
    scope: formatScope(request.scopes),
    resource: request.resource,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    state: request.state,
    nonce: request.nonce,
  };
  for (const name of FORWARDED_PARAMETERS) if (values[name] !== undefined) forwarded[name] = values[name]!;
  const text = siteText(ctx);
  return renderPage('./consent', ctx, {
    text,
    clientName: request.client.name,
    clientHost: request.client.kind === 'metadata_document' ? new URL(request.client.clientId).host : undefined,
    runsLocally: isLoopbackUri(request.redirectUri),
    // The consent page: a metadata document whose every redirect is loopback proves nothing about its host:
    // anyone can publish one naming any application, so the page says so.
    onlyLoopbackRedirects:
      request.client.kind === 'metadata_document' && request.client.redirectUris.every(isLoopbackUri),
    redirectHost: new URL(request.redirectUri).host,
    unreviewed: request.client.kind === 'metadata_document' && request.client.reviewStatus !== 'approved',
    personEmail,
    // docs/development.md "Page languages": grouped by area (read / change per resource family), each scope by its exact name.
    scopes: groupScopes(text, scopes),
    // What the person's role keeps back, each with its reason (standing/allowed-scopes.ts decides).
    withheld: decision.withheld.map(({ scope, reason }) => ({
      name: scope,
      meaning: scopeMeaning(text, scope),
      reason,
    })),
    role: decision.role,
    switchAccount: switchAccount(session, params),
    csrfToken: sessionCsrfToken(session, CONSENT_CSRF_PURPOSE),
    params: forwarded,
  });
}

/** POST /oauth/authorize: the consent decision, after the request was validated again. */
export async function decide(
  ctx: OAuthContext,
  request: AuthorizationRequest,
  session: BrowserSession,
  decision: 'allow' | 'deny',
): Promise<FlowResult> {
  return redirectResult(await recordDecision(ctx, request, session, decision));
}
