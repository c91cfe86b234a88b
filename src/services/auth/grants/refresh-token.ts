// The steps of the refresh_token grant (RFC 6749 6) with rotation and reuse detection (RFC 9700
// 4.14.2); grants/table.ts lists them in order, the locked path's in refresh-under-lock.ts.
// RFC 9700 4.14.2, the rule (also in /auth.md, "6. Refresh and revoke"):
//  - A refresh token is exchanged once for successors derived from it (issue-tokens.ts
//    successorsOf), so every use of one token yields the same successors.
//  - Presenting an exchanged token again within the grace window, while the successor it yielded
//    is still unused, answers that same successor pair: a retry after a lost response works, and
//    any number of concurrent uses of one token leave exactly one live branch.
//  - Any other use of an exchanged token is a fork of the family (its successor was already used,
//    the window has passed, or the request differs): the whole family ends, whoever presents it.
//  - What the grant may hold is the standing rule's (standing/token-standing.ts): the scopes the
//    person's roles and the school's features allow now; nothing else is ever issued.
// Where each part is written, once: when a live token may be rotated and what a rotation writes is
// the rotation statement's (db/repositories/oauth-grants.ts rotateLiveRefreshTokens), which the
// common case and the locked path both run; TypeScript reads its one result (answerRotation) and,
// when it declined, says why under the family's lock, or honours the retry (refresh-under-lock.ts).
import type { Db } from '../../../db/database.ts';
import type { Rotation, RotationInput } from '../../../db/repositories/oauth-grants.ts';
import type { TokenFacts } from '../../../db/repositories/token-facts.ts';
import { findAccessTokenFacts } from '../../../db/repositories/token-facts.ts';
import { hashSecret } from '../../../lib/secrets.ts';
import { InvalidGrant, InvalidRequest } from '../errors.ts';
import { secondsUntil, successorsOf, type MintedToken } from '../issue-tokens.ts';
import { resolveResourceParameter } from '../resource.ts';
import { scopesForRequest } from '../scope-request.ts';
import { formatScope, parseScope } from '../scopes.ts';
import { standingScopes } from '../standing/allowed-scopes.ts';
import { uncappedExpiries } from '../standing/lifetimes.ts';
import { reconcileGrants } from '../standing/reconcile-grants.ts';
import { standingOf, type InactiveReason, type Standing } from '../standing/token-standing.ts';
import type { GrantContext } from './grant.ts';
import { ANSWERED } from './steps.ts';

/** What the steps learn in turn: the token's hash and successors, then (locked path) its facts and standing. */
export type RefreshExchange = GrantContext & {
  tokenHash?: string;
  successors?: { access: MintedToken; refresh: MintedToken };
  facts?: TokenFacts;
  standing?: Standing;
  /** The scopes the successors carry (RFC 6749 6: the grant's, or fewer). */
  scopes?: string[];
};

export const INACTIVE_DESCRIPTIONS: Partial<Record<InactiveReason, string>> = {
  revoked: 'The refresh token has been revoked.',
  expired: 'The refresh token has expired, or its grant reached its lifetime; sign in again.',
  no_role: 'The person no longer has a role at this school; sign in again.',
  role_may_not_authorize: "The person's role at this school no longer allows this application.",
  feature_off: 'This school has switched MCP connections off.',
  no_scope_left: "The person's role at this school no longer allows any scope of this grant.",
};

/** RFC 6749 6: refresh_token is required. */
export function requireRefreshToken(context: RefreshExchange) {
  return context.params.refresh_token ? undefined : new InvalidRequest('refresh_token is required.');
}

/**
 * The scope a refresh asks for, read by the rule of the authorization request (scope-request.ts): a
 * client that sends again the scope it first asked for (a member application asking what /mcp's
 * metadata lists) asks for what that obtained. RFC 6749 6 then bounds it by the grant.
 */
export function readRequestedScope(context: RefreshExchange) {
  const asked = parseScope(context.params.scope);
  if (asked.length > 0)
    context.params = { ...context.params, scope: formatScope(scopesForRequest(context.client, asked)) };
  return undefined;
}

/** RFC 9700 4.14.2: the successors are derived from the token, so every use of it yields the same ones. */
export function deriveSuccessors(context: RefreshExchange) {
  const token = context.params.refresh_token!;
  context.tokenHash = hashSecret(token);
  context.successors = successorsOf(token, context.deps.successorKey);
  return undefined;
}

/**
 * The common case, a live token rotated by its own client, in one statement shared with the
 * rotations that arrive with it (refresh-rotations.ts). Answers when it rotated; declines
 * (undefined) whenever the statement refused: the locked path then runs and gives the exact answer.
 */
export async function rotateCommonCase(context: RefreshExchange) {
  const now = new Date();
  const item = rotationItem(context, now);
  const rotation = item && (await context.deps.rotations.rotate(item));
  return rotation ? answerRotation(context, rotation, now) : undefined;
}

/**
 * RFC 9700 4.14.2, the rotation itself: when a presented token may be rotated, and what a rotation
 * writes, is the one statement's rule (db/repositories/oauth-grants.ts rotateLiveRefreshTokens),
 * which both paths run: the common case in a group commit, the locked path in its transaction.
 * Undefined when the request's resource is not one this server serves (the statement cannot say so).
 */
export function rotationItem(context: RefreshExchange, now: Date): RotationInput | undefined {
  const { site, client } = context;
  const resource = resolveResourceParameter(site.origin, context.params.resource);
  if (!resource.ok) return undefined;
  const successors = context.successors!;
  // Expiries before the grant's end caps them (the statement applies the cap it alone knows).
  const uncapped = uncappedExpiries(now, context.deps.lifetimes);
  return {
    siteId: site.id,
    clientRowId: client.rowId,
    tokenHash: context.tokenHash!,
    requestedScopes: parseScope(context.params.scope),
    resource: resource.audience ?? null,
    now,
    accessToken: { hash: successors.access.hash, expiresAt: uncapped.access },
    refreshToken: { hash: successors.refresh.hash, expiresAt: uncapped.refresh },
  };
}

/**
 * The statement's one result read by the standing rule (standing/token-standing.ts): the successors
 * as rotated, unless the facts it returns allow less than the family held (a change that bypassed
 * the re-check); then the grant is settled as a role change would settle it, and the answer is what
 * the successor now stands for.
 */
export async function answerRotation(context: RefreshExchange, rotation: Rotation, now: Date) {
  const { site, client, db } = context;
  const successors = context.successors!;
  const standing = standingScopes(rotation.scopes, {
    audience: rotation.audience,
    roles: rotation.roles,
    mcpConnections: rotation.mcp_connections,
  });
  let answer = { scopes: rotation.scopes, expiresAt: rotation.access_expires_at };
  if (!standing.allowed || standing.narrowed) {
    const settle = (trx: Db) =>
      reconcileGrants(trx, site.id, { personId: rotation.person_id }, { reason: 'standing_rechecked_at_refresh' });
    await (db.isTransaction ? settle(db) : db.transaction().execute(settle));
    const access = standingOf(await findAccessTokenFacts(db, successors.access.hash), {
      siteId: site.id,
      clientRowId: client.rowId,
    });
    if (!access.active)
      return new InvalidGrant(INACTIVE_DESCRIPTIONS[access.reason] ?? 'The refresh token is invalid.');
    answer = { scopes: access.scopes, expiresAt: access.expiresAt };
  }
  context.issued = {
    accessToken: successors.access.value,
    refreshToken: successors.refresh.value,
    expiresIn: secondsUntil(answer.expiresAt, now),
    grantId: rotation.grant_id,
    scopes: answer.scopes,
    personId: rotation.person_id,
  };
  return ANSWERED;
}
