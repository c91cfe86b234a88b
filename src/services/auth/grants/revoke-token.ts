// RFC 7009 2: what revoking a token ends. The revocation handler chooses the order of the
// look-ups and audits; the look-ups and the writes are here, beside the other grants, so the
// handler calls no repository (DESIGN habit 4). Whether the caller holds the token is the
// standing module's binding rule, the same the introspection endpoint applies.
import type { Db } from '../../../db/database.ts';
import { revokeAccessToken, revokeGrant } from '../../../db/repositories/oauth-grants.ts';
import { findAccessTokenFacts, findRefreshTokenFacts, type TokenFacts } from '../../../db/repositories/token-facts.ts';
import { boundTo } from '../standing/token-standing.ts';
import { recordGrantsRevoked } from '../../audit/auth-events.ts';

/** The client presenting the token at its school (RFC 7009 2.1: a client revokes only its own tokens). */
export type Revoker = { siteId: string; clientRowId: string };

/** Ends the access token the client holds; its facts when this call revoked it, undefined otherwise. */
export async function revokeHeldAccessToken(
  db: Db,
  tokenHash: string,
  revoker: Revoker,
): Promise<TokenFacts | undefined> {
  const token = await findAccessTokenFacts(db, tokenHash);
  if (!token || boundTo(token, revoker) || !(await revokeAccessToken(db, tokenHash, revoker.clientRowId)))
    return undefined;
  return token;
}

/**
 * RFC 7009 2.1: revoking a refresh token ends its grant, access tokens included. Its facts (read
 * before the write: `grant_revoked_at` says whether the grant was live) when the client holds it.
 */
export async function revokeHeldRefreshToken(
  db: Db,
  tokenHash: string,
  revoker: Revoker,
  from: { ip: string | null } = { ip: null },
): Promise<TokenFacts | undefined> {
  const token = await findRefreshTokenFacts(db, tokenHash);
  if (!token || boundTo(token, revoker)) return undefined;
  // docs/operations.md "Access trail": the grant's end, with the revocation, when this call ended it.
  await db.transaction().execute(async (trx) => {
    const ended = await revokeGrant(trx, token.grant_id, 'refresh token revoked by client');
    await recordGrantsRevoked(trx, ended, { reason: 'client_request', ip: from.ip });
  });
  return token;
}
