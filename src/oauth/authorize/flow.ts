// The authorization endpoint's edge, shared by the GET request and the consent form's POST:
// session and sign-in, then a code or the consent page. The rules it asks (who may authorize what,
// remembered consent, the decision, the code) are services/auth/authorize/decision.ts.
import type { PageResult, RedirectResult } from '../../http/handler.ts';
import type { OAuthContext } from '../oauth-services.ts';
import { renderPage, siteText } from '../../http/pages/render-page.ts';
import { groupScopes } from '../../http/pages/i18n/scope-groups.ts';
import { sessionCsrfToken, type BrowserSession } from '../../services/sessions/browser-sessions.ts';
import {
  consentingEmail,
  consentRemembered,
  issueCode,
  recordDecision,
  scopesToGrant,
} from '../../services/auth/authorize/decision.ts';
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

/** Where the browser goes to sign in, and back: the same request without prompt=login. */
export function signInRedirect(params: AuthorizationParams, loginHint: string | undefined): FlowResult {
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
  return redirectResult(`/oauth/sign-in?${signIn.toString()}`);
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
  const scopes = await scopesToGrant(ctx, request, signedIn);
  if (await consentRemembered(ctx, request, signedIn, scopes))
    return redirectResult(await issueCode(ctx, request, signedIn, scopes));
  if (request.prompt.has('none')) throw new ConsentRequired('The user has not yet allowed this application.');
  return consentPage(ctx, request, signedIn, scopes);
}

async function consentPage(
  ctx: OAuthContext,
  request: AuthorizationRequest,
  session: BrowserSession,
  scopes: string[],
): Promise<FlowResult> {
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
