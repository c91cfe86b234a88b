// The rules of the authorization endpoint's decision, shared by the GET request and the consent
// form's POST: who may authorize what, remembered consent, the consent decision, and the code.
// The edge (oauth/authorize/flow.ts) signs in, renders the consent page and sends the redirects.
import { insertAuthorizationCode } from '../../../db/repositories/oauth-codes.ts';
import { findConsent, upsertConsent } from '../../../db/repositories/oauth-consents.ts';
import { listRolesAtSite, findPerson } from '../../../db/repositories/people.ts';
import { hashSecret, randomSecret, TOKEN_PREFIX } from '../../../lib/secrets.ts';
import type { BrowserSession } from '../../sessions/browser-sessions.ts';
import type { Services } from '../../create-services.ts';
import type { Site } from '../../school/sites.ts';
import { alwaysAsksConsent } from '../clients/client.ts';
import { AccessDenied } from '../errors.ts';
import { formatScope } from '../scopes.ts';
import { redirectToClient } from './redirect-to-client.ts';
import type { AuthorizationRequest } from './request.ts';
import { decideScopes, type ScopeDecision } from './role-permissions.ts';
import { recordAuthEvent } from '../../audit/auth-events.ts';

/** What a decision reads: the request's school and caller, and the services it writes through. */
export type DecisionContext = {
  site: Site;
  clientIp: string;
  services: Pick<Services, 'db' | 'config' | 'audit'>;
};

/** Issues the authorization code; returns the redirect back to the client that carries it. */
export async function issueCode(
  ctx: DecisionContext,
  request: AuthorizationRequest,
  session: BrowserSession,
  scopes: string[],
): Promise<string> {
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
    // Back-Channel Logout 1.0 2.1: the ID token this code yields names this session (`sid`).
    session_id: session.id,
    expires_at: new Date(Date.now() + ctx.services.config.oauth.authorizationCodeTtlSeconds * 1000),
  });
  return redirectToClient(request.redirectUri, { code, state: request.state }, ctx.site.origin);
}

/** What the signed-in person's roles at the school now let them grant this client, and what they withhold. */
export async function scopeDecision(
  ctx: DecisionContext,
  request: AuthorizationRequest,
  session: BrowserSession,
): Promise<ScopeDecision> {
  const roles = await listRolesAtSite(ctx.services.db, ctx.site.id, session.person_id);
  return decideScopes(request.client, roles, request.scopes, ctx.site.betaFeatures.mcp_connections === true);
}

/** The scopes the signed-in person may grant this client: their roles at the school now. */
export async function scopesToGrant(
  ctx: DecisionContext,
  request: AuthorizationRequest,
  session: BrowserSession,
): Promise<string[]> {
  return (await scopeDecision(ctx, request, session)).granted;
}

/** Whether the person already allowed this client these scopes for this resource. */
export async function consentRemembered(
  ctx: DecisionContext,
  request: AuthorizationRequest,
  session: BrowserSession,
  scopes: string[],
): Promise<boolean> {
  const consent = await findConsent(ctx.services.db, ctx.site.id, session.person_id, request.client.rowId);
  return (
    consent !== undefined &&
    !alwaysAsksConsent(request.client) &&
    !request.prompt.has('consent') &&
    consent.resource === request.resource &&
    scopes.every((s) => consent.scopes.includes(s))
  );
}

/** The e-mail address the consent page shows the signed-in person. */
export async function consentingEmail(ctx: DecisionContext, session: BrowserSession): Promise<string> {
  const person = await findPerson(ctx.services.db, session.person_id);
  return person?.email ?? '';
}

/** POST /oauth/authorize: records the consent decision, then issues the code (or denies). */
export async function recordDecision(
  ctx: DecisionContext,
  request: AuthorizationRequest,
  session: BrowserSession,
  decision: 'allow' | 'deny',
): Promise<string> {
  const scopes = await scopesToGrant(ctx, request, session);
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
  // docs/operations.md "Access trail": the consent and its event land together.
  await ctx.services.db.transaction().execute(async (trx) => {
    await upsertConsent(trx, {
      siteId: ctx.site.id,
      personId: session.person_id,
      clientRowId: request.client.rowId,
      scopes,
      resource: request.resource,
    });
    await recordAuthEvent(trx, {
      siteId: ctx.site.id,
      kind: 'consent.given',
      personId: session.person_id,
      clientId: request.client.clientId,
      ip: ctx.clientIp,
    });
  });
  await ctx.services.audit.record({ ...audit, action: 'consent.granted', details: { scope: formatScope(scopes) } });
  return issueCode(ctx, request, session, scopes);
}
