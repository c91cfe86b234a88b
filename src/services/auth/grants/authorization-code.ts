// The steps of the authorization_code grant (RFC 6749 4.1.3); grants/table.ts lists them in order.
// The code is consumed in the transaction that issues the tokens; a second use is invalid_grant and
// revokes every token the first use issued (RFC 6749 4.1.2). Code, client, redirect URI, PKCE
// verifier and resource must all match, and a failed check still burns the code (RFC 9700 2.1.1):
// the checks return their error, which keeps the consumption written (steps.ts).
import {
  consumeAuthorizationCode,
  findAuthorizationCode,
  linkCodeToGrant,
  type CodeRow,
} from '../../../db/repositories/oauth-codes.ts';
import { insertGrant, revokeGrant } from '../../../db/repositories/oauth-grants.ts';
import { findPersonFacts } from '../../../db/repositories/token-facts.ts';
import { hashSecret } from '../../../lib/secrets.ts';
import { noteCodeExchanged } from '../clients/client-use.ts';
import { InvalidGrant, InvalidRequest, InvalidTarget } from '../errors.ts';
import { signIdToken } from '../id-token.ts';
import { noteSessionSignedInTo } from '../logout/backchannel.ts';
import { issueTokens } from '../issue-tokens.ts';
import { verifyPkce } from '../pkce.ts';
import { resolveResourceParameter } from '../resource.ts';
import { standingScopes } from '../standing/allowed-scopes.ts';
import { grantEndsAt } from '../standing/lifetimes.ts';
import type { GrantContext } from './grant.ts';
import { GrantRevokedOnReuse } from './grant-revoked-on-reuse.ts';

/** What the steps learn in turn: the code, then the scopes it may still grant, then the grant it starts. */
export type CodeExchange = GrantContext & {
  codeHash?: string;
  code?: CodeRow;
  scopes?: string[];
  grant?: { id: string; expiresAt: Date };
};

/** RFC 6749 4.1.3: code and redirect_uri are required; RFC 7636 4.5: so is code_verifier here. */
export function requireCodeParameters(context: CodeExchange) {
  const { code, redirect_uri, code_verifier } = context.params;
  if (!code) return new InvalidRequest('code is required.');
  if (!redirect_uri) return new InvalidRequest('redirect_uri is required.');
  if (!code_verifier) return new InvalidRequest('code_verifier is required (PKCE).');
  context.codeHash = hashSecret(code);
  return undefined;
}

/** RFC 6749 4.1.2: a code is used once; a second use revokes what its first use issued, whoever replays it. */
export async function consumeCode(context: CodeExchange) {
  context.code = await consumeAuthorizationCode(context.db, context.site.id, context.codeHash!);
  if (context.code) return undefined;
  const description = 'The authorization code is invalid, expired or already used.';
  const used = await findAuthorizationCode(context.db, context.site.id, context.codeHash!);
  if (!used?.grant_id) return new InvalidGrant(description);
  const reason = 'authorization code reused';
  const ended = await revokeGrant(context.db, used.grant_id, reason);
  return new GrantRevokedOnReuse(description, {
    grantId: used.grant_id,
    personId: used.person_id,
    reason,
    ended: ended.length > 0,
  });
}

/** RFC 6749 4.1.2: codes are short-lived (/auth.md "Lifetimes"). */
export function checkCodeUnexpired(context: CodeExchange) {
  if (context.code!.expires_at > new Date()) return undefined;
  return new InvalidGrant('The authorization code has expired.');
}

/** RFC 6749 4.1.3: the code was issued to the authenticated client. */
export function checkCodeClient(context: CodeExchange) {
  if (context.code!.client_row_id === context.client.rowId) return undefined;
  return new InvalidGrant('The authorization code was issued to another client.');
}

/** RFC 6749 4.1.3: redirect_uri is the one of the authorization request. */
export function checkRedirectUri(context: CodeExchange) {
  if (context.code!.redirect_uri === context.params.redirect_uri) return undefined;
  return new InvalidGrant('redirect_uri differs from the authorization request.');
}

/** RFC 7636 4.6: the verifier hashes to the challenge of the authorization request. */
export function checkPkce(context: CodeExchange) {
  if (verifyPkce(context.params.code_verifier!, context.code!.code_challenge)) return undefined;
  return new InvalidGrant('The code_verifier does not match the code_challenge.');
}

/** RFC 8707 2.2: the member flow repeats `resource` at the token endpoint; it can never widen. */
export function checkResource(context: CodeExchange) {
  const { site, client, code } = context;
  const resource = resolveResourceParameter(site.origin, context.params.resource);
  if (!resource.ok) return new InvalidTarget(resource.reason);
  if (resource.audience === undefined && client.audience === 'member')
    return new InvalidTarget(`resource is required; send resource=${site.origin}.`);
  if (resource.audience !== undefined && resource.audience !== code!.resource)
    return new InvalidTarget('resource differs from the authorization request.');
  return undefined;
}

/**
 * /auth.md "Access follows the school": the grant starts with what the person's roles and the
 * school's features allow now, not what they allowed when the code was issued (up to a minute ago).
 */
export async function checkStanding(context: CodeExchange) {
  const facts = await findPersonFacts(context.db, context.site.id, context.code!.person_id);
  const standing = standingScopes(context.code!.scopes, {
    audience: context.client.audience,
    roles: facts.roles,
    mcpConnections: facts.mcp_connections,
  });
  if (!standing.allowed)
    return new InvalidGrant('The person who authorized this code may no longer grant this access at this school.');
  context.scopes = standing.scopes;
  return undefined;
}

/** RFC 6749 4.1.2: the grant (token family) the code starts, linked to it so that a replay can revoke it. */
export async function startGrant(context: CodeExchange) {
  const { code } = context;
  const now = new Date();
  const expiresAt = grantEndsAt(now, context.deps.lifetimes);
  const grant = await insertGrant(context.db, {
    site_id: context.site.id,
    client_row_id: context.client.rowId,
    person_id: code!.person_id,
    scopes: context.scopes!,
    resource: code!.resource,
    auth_time: code!.auth_time,
    created_at: now,
    expires_at: expiresAt,
  });
  await linkCodeToGrant(context.db, context.codeHash!, grant.id);
  context.grant = { id: grant.id, expiresAt };
  return undefined;
}

/** RFC 6749 4.1.4: the access token, and a refresh token when the client may use that grant (RFC 6749 6). */
export async function issueCodeTokens(context: CodeExchange) {
  const { code, client, grant } = context;
  const tokens = await issueTokens(
    context.db,
    {
      grantId: grant!.id,
      siteId: context.site.id,
      clientRowId: client.rowId,
      personId: code!.person_id,
      scopes: context.scopes!,
      resource: code!.resource,
      grantExpiresAt: grant!.expiresAt,
    },
    context.deps.lifetimes,
    { withRefreshToken: client.grantTypes.includes('refresh_token') },
  );
  context.issued = { ...tokens, scopes: context.scopes!, personId: code!.person_id };
  return undefined;
}

/** A loopback registration whose code is never exchanged is purged after a day (/auth.md "2. Get a client"). */
export async function noteExchanged(context: CodeExchange) {
  await noteCodeExchanged(context.db, context.client);
  return undefined;
}

/** OIDC Core 3.1.3.3: an ID token when openid was granted and the school signs them. */
export async function issueIdToken(context: CodeExchange) {
  const { deps, code } = context;
  const idToken = await signIdToken(
    { db: context.db, signingKeys: deps.signingKeys, idTokenTtlSeconds: deps.lifetimes.idTokenTtlSeconds },
    context.site,
    context.client,
    {
      personId: code!.person_id,
      scopes: context.scopes!,
      nonce: code!.nonce,
      authTime: code!.auth_time,
      sessionId: code!.session_id,
    },
  );
  if (!idToken) return undefined;
  context.issued!.idToken = idToken;
  // Back-Channel Logout 1.0 2.7: this client is told when the session that signed in ends.
  if (code!.session_id) await noteSessionSignedInTo(context.db, code!.session_id, context.client.rowId);
  return undefined;
}
