// The refresh_token grant's locked path (RFC 9700 4.14.2), run in one transaction when the common
// case (refresh-token.ts rotateCommonCase) declined: something is off, or this is a retry. Under the
// family's lock these steps decide which rule applies and give the exact answer; grants/table.ts
// lists them in order.
import { lockRefreshToken, revokeGrant, rotateLiveRefreshTokens } from '../../../db/repositories/oauth-grants.ts';
import { findAccessTokenFacts, findRefreshTokenFacts } from '../../../db/repositories/token-facts.ts';
import { InvalidGrant, InvalidScope, InvalidTarget } from '../errors.ts';
import { secondsUntil } from '../issue-tokens.ts';
import { resolveResourceParameter } from '../resource.ts';
import { parseScope } from '../scopes.ts';
import { reconcileGrants } from '../standing/reconcile-grants.ts';
import { standingOf, type InactiveReason } from '../standing/token-standing.ts';
import { GRANT_USE_RESOLUTION_MS } from '../grant-use.ts';
import { GrantRevokedOnReuse } from './grant-revoked-on-reuse.ts';
import { answerRotation, INACTIVE_DESCRIPTIONS, rotationItem, type RefreshExchange } from './refresh-token.ts';
import { ANSWERED } from './steps.ts';

const presenterOf = (context: RefreshExchange) => ({ siteId: context.site.id, clientRowId: context.client.rowId });

/** RFC 9700 4.14.2: the family is locked for the decision; RFC 6749 6: another client's token is unknown. */
export async function lockFamily(context: RefreshExchange) {
  const locked = await lockRefreshToken(context.db, context.site.id, context.tokenHash!);
  if (!locked || locked.client_row_id !== context.client.rowId)
    return new InvalidGrant('The refresh token is invalid.');
  context.facts = (await findRefreshTokenFacts(context.db, context.tokenHash!))!;
  return undefined;
}

const FACT_REASONS: ReadonlySet<InactiveReason> = new Set([
  'no_role',
  'role_may_not_authorize',
  'feature_off',
  'no_scope_left',
]);

/**
 * /auth.md "Access follows the school": facts that no longer allow what the grant holds are settled
 * as a role change would settle them, and the token's standing is read again after that.
 */
export async function settleStanding(context: RefreshExchange) {
  const { db, site } = context;
  let standing = standingOf(context.facts, presenterOf(context));
  const unsettled = standing.active ? standing.narrowed : FACT_REASONS.has(standing.reason);
  if (unsettled) {
    await reconcileGrants(
      db,
      site.id,
      { personId: context.facts!.person_id },
      { reason: 'standing_rechecked_at_refresh' },
    );
    context.facts = (await findRefreshTokenFacts(db, context.tokenHash!))!;
    standing = standingOf(context.facts, presenterOf(context));
  }
  context.standing = standing;
  return undefined;
}

/**
 * RFC 9700 4.14.2: an exchanged token presented again. A retry (within the window, the successor
 * still unused, the same request) gets the successors it was already given; anything else forks the
 * family, which ends (the error is returned, so the revocation stays written).
 */
export async function answerRetryOrEndFamily(context: RefreshExchange) {
  const { standing, db } = context;
  if (standing!.active || standing!.reason !== 'rotated') return undefined;
  const facts = context.facts!;
  const successors = context.successors!;
  const now = new Date();
  const withinWindow =
    facts.rotated_at !== null &&
    now.getTime() - facts.rotated_at.getTime() <= context.deps.lifetimes.refreshReuseGraceSeconds * 1000;
  if (withinWindow) {
    const presenter = { siteId: context.site.id, clientRowId: facts.client_row_id };
    const refresh = standingOf(await findRefreshTokenFacts(db, successors.refresh.hash), presenter, now);
    const access = standingOf(await findAccessTokenFacts(db, successors.access.hash), presenter, now);
    const requested = parseScope(context.params.scope);
    const sameRequest =
      requested.length === 0 ||
      (refresh.active &&
        requested.length === refresh.scopes.length &&
        requested.every((s) => refresh.scopes.includes(s)));
    if (refresh.active && access.active && sameRequest) {
      context.issued = {
        accessToken: successors.access.value,
        refreshToken: successors.refresh.value,
        expiresIn: secondsUntil(access.expiresAt, now),
        grantId: facts.grant_id,
        scopes: access.scopes,
        personId: facts.person_id,
      };
      return ANSWERED;
    }
  }
  const reason = 'refresh token reused';
  const ended = await revokeGrant(db, facts.grant_id, reason);
  return new GrantRevokedOnReuse('The refresh token was already used; the grant has been revoked.', {
    grantId: facts.grant_id,
    personId: facts.person_id,
    reason,
    ended: ended.length > 0,
  });
}

/** The standing rule (standing/token-standing.ts): a revoked or expired token, or one its facts no longer allow. */
export function checkTokenActive(context: RefreshExchange) {
  const { standing } = context;
  if (standing!.active) return undefined;
  return new InvalidGrant(INACTIVE_DESCRIPTIONS[standing!.reason] ?? 'The refresh token is invalid.');
}

/**
 * RFC 6749 6: the scope may narrow, never widen beyond the grant (as the school's decisions left
 * it). The rotation statement refuses such a request too; this step names its error (RFC 6749 5.2
 * invalid_scope). Thrown: a refused request leaves nothing written, the standing it settled included.
 */
export function checkScopeWithinGrant(context: RefreshExchange) {
  for (const scope of parseScope(context.params.scope))
    if (!context.facts!.grant_scopes.includes(scope))
      throw new InvalidScope(`The scope ${scope} is not part of the grant.`);
  return undefined;
}

/** RFC 8707 2.2: a refresh keeps the grant's resource binding; as above, the statement refuses it too. */
export function checkResourceKept(context: RefreshExchange) {
  const resource = resolveResourceParameter(context.site.origin, context.params.resource);
  if (!resource.ok) throw new InvalidTarget(resource.reason);
  if (resource.audience !== undefined && resource.audience !== context.facts!.resource)
    throw new InvalidTarget('resource differs from the grant: a refresh keeps its binding.');
  return undefined;
}

/**
 * RFC 9700 4.14.2: the rotation, by the same statement as the common case (refresh-token.ts
 * rotationItem), now under the family's lock. Every condition it checks was checked above, so it
 * declines only when time ran out in between: the token or its grant reached its end.
 */
export async function rotateUnderLock(context: RefreshExchange) {
  const now = new Date();
  const [rotation] = await rotateLiveRefreshTokens(context.db, [rotationItem(context, now)!], GRANT_USE_RESOLUTION_MS);
  if (!rotation) return new InvalidGrant(INACTIVE_DESCRIPTIONS.expired!);
  return answerRotation(context, rotation, now);
}
