// The token a request presents, looked up by its hash and judged by the one standing rule
// (token-standing.ts). The bearer guard and the introspection endpoint ask here, so the facts'
// SQL stays in db/repositories/token-facts.ts and no edge or handler reaches it (DESIGN habit 4).
import type { Db } from '../../../db/database.ts';
import {
  findAccessTokenFacts,
  findRefreshTokenFacts,
  type AccessTokenFacts,
} from '../../../db/repositories/token-facts.ts';
import { standingOf, type Presenter, type Standing } from './token-standing.ts';

/** An access token's standing, its facts including its person's (db/repositories/token-facts.ts). */
export type AccessTokenStanding = Standing<AccessTokenFacts>;

/** RFC 6750 2: the standing of an access token presented as a bearer credential. */
export async function accessTokenStanding(
  db: Db,
  tokenHash: string,
  presenter: Presenter,
): Promise<AccessTokenStanding> {
  return standingOf(await findAccessTokenFacts(db, tokenHash), presenter);
}

/**
 * RFC 7662 2.1: a token of either kind. An access token with this hash is judged as one; otherwise
 * the refresh token with it (or none, which stands as unknown).
 */
export async function anyTokenStanding(
  db: Db,
  tokenHash: string,
  presenter: Presenter,
): Promise<{ kind: 'access_token' | 'refresh_token'; standing: Standing }> {
  const access = await findAccessTokenFacts(db, tokenHash);
  if (access) return { kind: 'access_token', standing: standingOf(access, presenter) };
  return { kind: 'refresh_token', standing: standingOf(await findRefreshTokenFacts(db, tokenHash), presenter) };
}
