// The refresh_token grant (RFC 6749 6) with rotation and reuse detection (RFC 9700 4.14.2).
// The presented token's row is locked for the whole transaction, so concurrent refreshes with one
// token run one after another: the check and the rotation are one atomic step.
// Reuse of an already-rotated token revokes the whole grant, except a retry by the same client
// within the grace window (a lost response, or two tabs refreshing at once): that retry succeeds,
// and the successor the first use minted is revoked, so the family never has two live heads.
import type { Db } from '../../db/database.ts';
import { issueTokens, mintToken, type IssuedTokens, type TokenLifetimes } from '../issue-tokens.ts';
import { lockRefreshToken, markRefreshTokenRotated, revokeGrant, revokeLiveRefreshTokensOfGrant, rotateLiveRefreshToken, touchGrant } from '../../db/repositories/oauth-grants.ts';
import { hashSecret } from '../../lib/secrets.ts';
import type { Site } from '../../services/sites.ts';
import type { Client } from '../clients/client.ts';
import { InvalidGrant, InvalidRequest, InvalidScope, InvalidTarget, UnauthorizedClient } from '../errors.ts';
import { resolveResourceParameter } from '../resource.ts';
import { GrantRevokedOnReuse, type RevokedGrant } from './grant-revoked-on-reuse.ts';
import { parseScope } from '../scopes.ts';

export type RefreshInput = { refresh_token?: string; scope?: string; resource?: string | string[] };
export type RefreshResult = IssuedTokens & { scopes: string[]; personId: string };

export async function refreshTokens(db: Db, site: Site, client: Client, input: RefreshInput, lifetimes: TokenLifetimes & { refreshReuseGraceSeconds: number }): Promise<RefreshResult> {
  if (!input.refresh_token) throw new InvalidRequest('refresh_token is required.');
  if (!client.grantTypes.includes('refresh_token')) throw new UnauthorizedClient('This client may not use the refresh_token grant.');
  const tokenHash = hashSecret(input.refresh_token);

  const rotated = await rotateInOneStatement(db, site, client, tokenHash, input, lifetimes);
  if (rotated) return rotated;

  // Something is off (or a retry within the grace window): decide under the row lock which rule applies.
  type Outcome = { error: string; revoked?: RevokedGrant } | { tokens: IssuedTokens; scopes: string[]; personId: string };
  const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
    const token = await lockRefreshToken(trx, site.id, tokenHash);
    // A refresh token of another client is treated as unknown (RFC 6749 6: bound to the client).
    if (!token || token.client_row_id !== client.rowId) return { error: 'The refresh token is invalid.' }
    if (token.revoked_at || token.grant_revoked_at) return { error: 'The refresh token has been revoked.' }
    if (token.expires_at <= new Date()) return { error: 'The refresh token has expired.' }
    if (token.rotated_at) {
      const ageSeconds = (Date.now() - token.rotated_at.getTime()) / 1000;
      if (ageSeconds > lifetimes.refreshReuseGraceSeconds) {
        await revokeGrant(trx, token.grant_id, 'refresh token reused');
        return { error: 'The refresh token was already used; the grant has been revoked.', revoked: { grantId: token.grant_id, personId: token.person_id, reason: 'refresh token reused' } }
      }
    }

    const requested = parseScope(input.scope);
    // RFC 6749 6: the scope may narrow, never widen beyond the original grant.
    for (const scope of requested) if (!token.grant_scopes.includes(scope)) throw new InvalidScope(`The scope ${scope} was not part of the original grant.`);
    const scopes = requested.length ? requested : token.scopes;
    const resource = resolveResourceParameter(site.origin, input.resource);
    if (!resource.ok) throw new InvalidTarget(resource.reason);
    if (resource.audience !== undefined && resource.audience !== token.resource) throw new InvalidTarget('resource differs from the grant: a refresh keeps its binding.');

    await markRefreshTokenRotated(trx, tokenHash, new Date());
    await revokeLiveRefreshTokensOfGrant(trx, token.grant_id, tokenHash);
    await touchGrant(trx, token.grant_id);
    const tokens = await issueTokens(
      trx,
      { grantId: token.grant_id, siteId: site.id, clientRowId: client.rowId, personId: token.person_id, scopes, resource: token.resource },
      lifetimes,
      { withRefreshToken: true },
    );
    return { tokens, scopes, personId: token.person_id }
  });

  // Issue 9: the token endpoint audits the grant a reuse ended (GrantRevokedOnReuse).
  if ('error' in outcome) throw outcome.revoked ? new GrantRevokedOnReuse(outcome.error, outcome.revoked) : new InvalidGrant(outcome.error);
  return { ...outcome.tokens, scopes: outcome.scopes, personId: outcome.personId };
}

/**
 * The common case, a live token rotated by its own client, in one statement
 * (db/repositories/oauth-grants.ts rotateLiveRefreshToken). Undefined whenever any rule of the
 * transaction below might answer differently: that path then runs and gives the exact answer.
 */
async function rotateInOneStatement(db: Db, site: Site, client: Client, tokenHash: string, input: RefreshInput, lifetimes: TokenLifetimes): Promise<RefreshResult | undefined> {
  const resource = resolveResourceParameter(site.origin, input.resource);
  if (!resource.ok) return undefined;
  const now = new Date();
  const access = mintToken('accessToken', lifetimes.accessTokenTtlSeconds, now.getTime());
  const refresh = mintToken('refreshToken', lifetimes.refreshTokenTtlSeconds, now.getTime());
  const rotation = await rotateLiveRefreshToken(db, {
    siteId: site.id,
    clientRowId: client.rowId,
    tokenHash,
    requestedScopes: parseScope(input.scope),
    resource: resource.audience ?? null,
    now,
    accessToken: access,
    refreshToken: refresh,
  });
  if (!rotation) return undefined;
  return { accessToken: access.value, refreshToken: refresh.value, expiresIn: lifetimes.accessTokenTtlSeconds, grantId: rotation.grant_id, scopes: rotation.scopes, personId: rotation.person_id };
}
