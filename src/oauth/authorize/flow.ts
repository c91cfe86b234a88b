// The decision part of the authorization endpoint, shared by the GET request and the consent
// form's POST: session, who may authorize, remembered consent, then a code or the consent page.
import { insertAuthorizationCode } from '../../db/repositories/oauth-codes.ts';
import { findConsent, upsertConsent } from '../../db/repositories/oauth-consents.ts';
import { listRolesAtSite, findPerson } from '../../db/repositories/people.ts';
import type { PageResult, RedirectResult } from '../../http/handler.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { hashSecret, randomSecret, TOKEN_PREFIX } from '../../lib/secrets.ts';
import { renderPage, siteText } from '../../http/pages/render-page.ts';
import { groupScopes } from '../../http/pages/i18n/scope-groups.ts';
import { sessionCsrfToken, type BrowserSession } from '../../services/browser-sessions.ts';
import { alwaysAsksConsent } from '../../services/auth/clients/client.ts';
import { AccessDenied, ConsentRequired, LoginRequired } from '../../services/auth/errors.ts';
import { isLoopbackUri } from '../../services/auth/redirect-uri.ts';
import { formatScope } from '../../services/auth/scopes.ts';
import { redirectToClient } from '../../services/auth/authorize/redirect-to-client.ts';
import {
  FORWARDED_PARAMETERS,
  type AuthorizationParams,
  type AuthorizationRequest,
} from '../../services/auth/authorize/request.ts';
import { grantableScopes } from '../../services/auth/authorize/role-permissions.ts';

export type FlowResult = PageResult | RedirectResult;

export const CONSENT_CSRF_PURPOSE = 'consent';

export function redirectResult(location: string): RedirectResult {
  return { status: 302, body: undefined, headers: { Location: location, 'Cache-Control': 'no-store' } };
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

async function issueCode(
  ctx: RequestContext,
  request: AuthorizationRequest,
  session: BrowserSession,
  scopes: string[],
): Promise<FlowResult> {
  const code = randomSecret(TOKEN_PREFIX.authorizationCode);
  await insertAuthorizationCode(ctx.services.db, {
    code_hash: hashSecret(code),
    site_id: ctx.site.id,
    client_row_id: request.client.rowId,
    person_id: session.person_id,
    redirect_uri: request.redirectUri,
    code_challenge: request.codeChallenge,
    scopes,
    resource: request.resource,
    nonce: request.nonce ?? null,
    auth_time: session.auth_time,
    expires_at: new Date(Date.now() + ctx.services.config.oauth.authorizationCodeTtlSeconds * 1000),
  });
  return redirectResult(redirectToClient(request.redirectUri, { code, state: request.state }, ctx.site.origin));
}

/** GET /oauth/authorize after validation: sign in, check the role, then code or consent page. */
export async function continueAuthorization(
  ctx: RequestContext,
  request: AuthorizationRequest,
  params: AuthorizationParams,
  session: BrowserSession | undefined,
): Promise<FlowResult> {
  if (needsSignIn(request, session)) {
    if (request.prompt.has('none')) throw new LoginRequired('The user is not signed in.');
    return signInRedirect(params, request.loginHint);
  }
  const signedIn = session!;
  const roles = await listRolesAtSite(ctx.services.db, ctx.site.id, signedIn.person_id);
  const scopes = grantableScopes(request.client, roles, request.scopes, ctx.site.betaFeatures.mcp_connections === true);
  const consent = await findConsent(ctx.services.db, ctx.site.id, signedIn.person_id, request.client.rowId);
  const remembered =
    consent !== undefined &&
    !alwaysAsksConsent(request.client) &&
    !request.prompt.has('consent') &&
    consent.resource === request.resource &&
    scopes.every((s) => consent.scopes.includes(s));
  if (remembered) return issueCode(ctx, request, signedIn, scopes);
  if (request.prompt.has('none')) throw new ConsentRequired('The user has not yet allowed this application.');
  return consentPage(ctx, request, signedIn, scopes);
}

async function consentPage(
  ctx: RequestContext,
  request: AuthorizationRequest,
  session: BrowserSession,
  scopes: string[],
): Promise<FlowResult> {
  const person = await findPerson(ctx.services.db, session.person_id);
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
  const text = siteText(ctx.site);
  return renderPage('./consent', ctx.site, {
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
    personEmail: person?.email ?? '',
    // README "Page languages": grouped by area (read / change per resource family), each scope by its exact name.
    scopes: groupScopes(text, scopes),
    csrfToken: sessionCsrfToken(session, CONSENT_CSRF_PURPOSE),
    params: forwarded,
  });
}

/** POST /oauth/authorize: the consent decision, after the request was validated again. */
export async function decide(
  ctx: RequestContext,
  request: AuthorizationRequest,
  session: BrowserSession,
  decision: 'allow' | 'deny',
): Promise<FlowResult> {
  const roles = await listRolesAtSite(ctx.services.db, ctx.site.id, session.person_id);
  const scopes = grantableScopes(request.client, roles, request.scopes, ctx.site.betaFeatures.mcp_connections === true);
  const audit = {
    siteId: ctx.site.id,
    actorPersonId: session.person_id,
    actorClientId: request.client.clientId,
    targetType: 'client',
    targetId: request.client.rowId,
    ip: ctx.clientIp,
  };
  if (decision === 'deny') {
    await ctx.services.audit.record({ ...audit, action: 'consent.denied' });
    throw new AccessDenied('The user denied the request.');
  }
  await upsertConsent(ctx.services.db, {
    siteId: ctx.site.id,
    personId: session.person_id,
    clientRowId: request.client.rowId,
    scopes,
    resource: request.resource,
  });
  await ctx.services.audit.record({ ...audit, action: 'consent.granted', details: { scope: formatScope(scopes) } });
  return issueCode(ctx, request, session, scopes);
}
