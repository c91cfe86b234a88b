// The refresh_token grant (RFC 6749 6) with rotation and reuse detection (RFC 9700 4.14.2).
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
import type { KeyObject } from 'node:crypto';
import type { Db } from '../../../db/database.ts';
import {
  lockRefreshToken,
  markRefreshTokenRotated,
  revokeGrant,
  touchGrant,
} from '../../../db/repositories/oauth-grants.ts';
import { findAccessTokenFacts, findRefreshTokenFacts, type TokenFacts } from '../../../db/repositories/token-facts.ts';
import { hashSecret } from '../../../lib/secrets.ts';
import type { Site } from '../../school/sites.ts';
import type { Client } from '../clients/client.ts';
import { InvalidGrant, InvalidRequest, InvalidScope, InvalidTarget, UnauthorizedClient } from '../errors.ts';
import {
  issueTokens,
  secondsUntil,
  successorsOf,
  type IssuedTokens,
  type MintedToken,
  type TokenLifetimes,
} from '../issue-tokens.ts';
import { resolveResourceParameter } from '../resource.ts';
import { scopesForRequest } from '../scope-request.ts';
import { formatScope, parseScope } from '../scopes.ts';
import { standingScopes } from '../standing/allowed-scopes.ts';
import { reconcileGrants } from '../standing/reconcile-grants.ts';
import { standingOf, type InactiveReason } from '../standing/token-standing.ts';
import { uncappedExpiries } from '../standing/lifetimes.ts';
import { GrantRevokedOnReuse, type RevokedGrant } from './grant-revoked-on-reuse.ts';
import type { RefreshRotations } from './refresh-rotations.ts';
import { GRANT_USE_RESOLUTION_MS } from '../grant-use.ts';

export type RefreshInput = { refresh_token?: string; scope?: string; resource?: string | string[] };
export type RefreshResult = IssuedTokens & { scopes: string[]; personId: string };
export type RefreshOptions = TokenLifetimes & {
  refreshReuseGraceSeconds: number;
  successorKey: KeyObject;
  /** The common case's group commit (refresh-rotations.ts). */
  rotations: RefreshRotations;
};

type Successors = { access: MintedToken; refresh: MintedToken };

const INACTIVE_DESCRIPTIONS: Partial<Record<InactiveReason, string>> = {
  revoked: 'The refresh token has been revoked.',
  expired: 'The refresh token has expired, or its grant reached its lifetime; sign in again.',
  no_role: 'The person no longer has a role at this school; sign in again.',
  role_may_not_authorize: "The person's role at this school no longer allows this application.",
  feature_off: 'This school has switched MCP connections off.',
  no_scope_left: "The person's role at this school no longer allows any scope of this grant.",
};

export async function refreshTokens(
  db: Db,
  site: Site,
  client: Client,
  sent: RefreshInput,
  options: RefreshOptions,
): Promise<RefreshResult> {
  if (!sent.refresh_token) throw new InvalidRequest('refresh_token is required.');
  if (!client.grantTypes.includes('refresh_token'))
    throw new UnauthorizedClient('This client may not use the refresh_token grant.');
  const input = { ...withScopeRead(client, sent), refresh_token: sent.refresh_token };
  const tokenHash = hashSecret(input.refresh_token);
  const successors = successorsOf(input.refresh_token, options.successorKey);

  const rotated = await rotateCommonCase(db, site, client, tokenHash, successors, input, options);
  if (rotated) return rotated;

  // Something is off, or this is a retry: decide under the family's lock which rule applies.
  type Outcome = { error: string; revoked?: RevokedGrant } | { result: RefreshResult };
  const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
    const locked = await lockRefreshToken(trx, site.id, tokenHash);
    // A refresh token of another client is treated as unknown (RFC 6749 6: bound to the client).
    if (!locked || locked.client_row_id !== client.rowId) return { error: 'The refresh token is invalid.' };
    let facts = (await findRefreshTokenFacts(trx, tokenHash))!;
    let standing = standingOf(facts, { siteId: site.id, clientRowId: client.rowId });
    // Facts that no longer allow what the grant holds: settle the grant as a role change would.
    const unsettled = standing.active ? standing.narrowed : isFactReason(standing.reason);
    if (unsettled) {
      await reconcileGrants(trx, site.id, { personId: facts.person_id }, { reason: 'standing_rechecked_at_refresh' });
      facts = (await findRefreshTokenFacts(trx, tokenHash))!;
      standing = standingOf(facts, { siteId: site.id, clientRowId: client.rowId });
    }
    if (!standing.active && standing.reason === 'rotated')
      return retryOrFork(trx, site, facts, successors, input, options);
    if (!standing.active) return { error: INACTIVE_DESCRIPTIONS[standing.reason] ?? 'The refresh token is invalid.' };
    return {
      result: await rotateUnderLock(trx, site, client, facts, standing.scopes, tokenHash, successors, input, options),
    };
  });

  // The audit log: the token endpoint audits the grant a reuse ended (GrantRevokedOnReuse).
  if ('error' in outcome)
    throw outcome.revoked ? new GrantRevokedOnReuse(outcome.error, outcome.revoked) : new InvalidGrant(outcome.error);
  return outcome.result;
}

/**
 * The scope a refresh asks for, read by the rule of the authorization request (scope-request.ts): a
 * client that sends again the scope it first asked for (a member application asking what /mcp's
 * metadata lists) asks for what that obtained. RFC 6749 6 then bounds it by the grant.
 */
function withScopeRead(client: Client, sent: RefreshInput): RefreshInput {
  const asked = parseScope(sent.scope);
  return asked.length === 0 ? sent : { ...sent, scope: formatScope(scopesForRequest(client, asked)) };
}

function isFactReason(reason: InactiveReason): boolean {
  return (
    reason === 'no_role' ||
    reason === 'role_may_not_authorize' ||
    reason === 'feature_off' ||
    reason === 'no_scope_left'
  );
}

/**
 * An exchanged token presented again. A retry (within the window, the successor still unused, the
 * same request) gets the successors it was already given; anything else forks the family, which ends.
 */
async function retryOrFork(
  trx: Db,
  site: Site,
  facts: TokenFacts,
  successors: Successors,
  input: RefreshInput,
  options: RefreshOptions,
): Promise<{ error: string; revoked?: RevokedGrant } | { result: RefreshResult }> {
  const now = new Date();
  const withinWindow =
    facts.rotated_at !== null && now.getTime() - facts.rotated_at.getTime() <= options.refreshReuseGraceSeconds * 1000;
  if (withinWindow) {
    const presenter = { siteId: site.id, clientRowId: facts.client_row_id };
    const refresh = standingOf(await findRefreshTokenFacts(trx, successors.refresh.hash), presenter, now);
    const access = standingOf(await findAccessTokenFacts(trx, successors.access.hash), presenter, now);
    const requested = parseScope(input.scope);
    const sameRequest =
      requested.length === 0 ||
      (refresh.active &&
        requested.length === refresh.scopes.length &&
        requested.every((s) => refresh.scopes.includes(s)));
    if (refresh.active && access.active && sameRequest) {
      return {
        result: {
          accessToken: successors.access.value,
          refreshToken: successors.refresh.value,
          expiresIn: secondsUntil(access.expiresAt, now),
          grantId: facts.grant_id,
          scopes: access.scopes,
          personId: facts.person_id,
        },
      };
    }
  }
  const reason = 'refresh token reused';
  await revokeGrant(trx, facts.grant_id, reason);
  return {
    error: 'The refresh token was already used; the grant has been revoked.',
    revoked: { grantId: facts.grant_id, personId: facts.person_id, reason },
  };
}

/** A live token the common-case path declined (a scope or resource to check): the exact answer, or the rotation. */
async function rotateUnderLock(
  trx: Db,
  site: Site,
  client: Client,
  facts: TokenFacts,
  allowedNow: string[],
  tokenHash: string,
  successors: Successors,
  input: RefreshInput,
  options: RefreshOptions,
): Promise<RefreshResult> {
  const requested = parseScope(input.scope);
  // RFC 6749 6: the scope may narrow, never widen beyond the grant (as the school's decisions left it).
  for (const scope of requested)
    if (!facts.grant_scopes.includes(scope)) throw new InvalidScope(`The scope ${scope} is not part of the grant.`);
  const scopes = requested.length ? requested.filter((s) => allowedNow.includes(s)) : allowedNow;
  if (scopes.length === 0) throw new InvalidScope('None of the requested scopes is allowed any more.');
  const resource = resolveResourceParameter(site.origin, input.resource);
  if (!resource.ok) throw new InvalidTarget(resource.reason);
  if (resource.audience !== undefined && resource.audience !== facts.resource)
    throw new InvalidTarget('resource differs from the grant: a refresh keeps its binding.');

  // The presented token was its family's only live one (the unique index oauth_refresh_tokens_live),
  // so once it is marked the successor can be inserted.
  await markRefreshTokenRotated(trx, tokenHash, new Date());
  await touchGrant(trx, facts.grant_id, GRANT_USE_RESOLUTION_MS);
  const tokens = await issueTokens(
    trx,
    {
      grantId: facts.grant_id,
      siteId: site.id,
      clientRowId: client.rowId,
      personId: facts.person_id,
      scopes,
      resource: facts.resource,
      grantExpiresAt: facts.grant_expires_at,
    },
    options,
    { withRefreshToken: true, tokens: successors },
  );
  return { ...tokens, scopes, personId: facts.person_id };
}

/**
 * The common case, a live token rotated by its own client, in one statement shared with the
 * rotations that arrive with it (refresh-rotations.ts; db/repositories/oauth-grants.ts
 * rotateLiveRefreshTokens). Undefined whenever any rule of the transaction above might answer
 * differently: that path then runs and gives the exact answer.
 */
async function rotateCommonCase(
  db: Db,
  site: Site,
  client: Client,
  tokenHash: string,
  successors: Successors,
  input: RefreshInput,
  options: RefreshOptions,
): Promise<RefreshResult | undefined> {
  const resource = resolveResourceParameter(site.origin, input.resource);
  if (!resource.ok) return undefined;
  const now = new Date();
  // Expiries before the grant's end caps them (the statement applies the cap it alone knows).
  const uncapped = uncappedExpiries(now, options);
  const rotation = await options.rotations.rotate({
    siteId: site.id,
    clientRowId: client.rowId,
    tokenHash,
    requestedScopes: parseScope(input.scope),
    resource: resource.audience ?? null,
    now,
    accessToken: { hash: successors.access.hash, expiresAt: uncapped.access },
    refreshToken: { hash: successors.refresh.hash, expiresAt: uncapped.refresh },
  });
  if (!rotation) return undefined;
  const standing = standingScopes(rotation.scopes, {
    audience: rotation.audience,
    roles: rotation.roles,
    mcpConnections: rotation.mcp_connections,
  });
  if (!standing.allowed || standing.narrowed) {
    // The facts allow less than the family held (a change that bypassed the re-check): settle the
    // grant as a role change would, then answer what the successor now stands for.
    await db
      .transaction()
      .execute((trx) =>
        reconcileGrants(trx, site.id, { personId: rotation.person_id }, { reason: 'standing_rechecked_at_refresh' }),
      );
    const access = standingOf(await findAccessTokenFacts(db, successors.access.hash), {
      siteId: site.id,
      clientRowId: client.rowId,
    });
    if (!access.active) throw new InvalidGrant(INACTIVE_DESCRIPTIONS[access.reason] ?? 'The refresh token is invalid.');
    return {
      accessToken: successors.access.value,
      refreshToken: successors.refresh.value,
      expiresIn: secondsUntil(access.expiresAt, now),
      grantId: rotation.grant_id,
      scopes: access.scopes,
      personId: rotation.person_id,
    };
  }
  return {
    accessToken: successors.access.value,
    refreshToken: successors.refresh.value,
    expiresIn: secondsUntil(rotation.access_expires_at, now),
    grantId: rotation.grant_id,
    scopes: rotation.scopes,
    personId: rotation.person_id,
  };
}
