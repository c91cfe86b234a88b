// SQL for the lists of live authorizations that the admin area ("Connected apps") and the account
// area ("Connected applications") show, and for ending the ones a client may no longer hold.
// A grant is live while it is unrevoked and some token of it can still be used: an unexpired
// access token, or an unexpired refresh token that has not been rotated away.
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';
import type { Audience, ClientKind } from '../schema-oauth.ts';
import { revokeGrant } from './oauth-grants.ts';

export type LiveGrantRow = {
  grant_id: string;
  client_row_id: string;
  client_id: string;
  client_name: string;
  kind: ClientKind;
  audience: Audience;
  person_id: string;
  email: string;
  scopes: string[];
  created_at: Date;
  last_used_at: Date | null;
};

/** A grant of `oauth_grants` (unaliased) has a token that can still be used. */
export function hasUsableToken(eb: ExpressionBuilder<Database, 'oauth_grants'>) {
  return eb.or([
    eb.exists(
      eb
        .selectFrom('oauth_access_tokens as t')
        .select(sql`1`.as('one'))
        .whereRef('t.grant_id', '=', 'oauth_grants.id')
        .where('t.revoked_at', 'is', null)
        .where('t.expires_at', '>', sql<Date>`now()`),
    ),
    eb.exists(
      eb
        .selectFrom('oauth_refresh_tokens as r')
        .select(sql`1`.as('one'))
        .whereRef('r.grant_id', '=', 'oauth_grants.id')
        .where('r.revoked_at', 'is', null)
        .where('r.rotated_at', 'is', null)
        .where('r.expires_at', '>', sql<Date>`now()`),
    ),
  ]);
}

/** Live grants at a school, newest first; narrowed to one audience or one person when asked. */
export async function listLiveGrants(
  db: Db,
  siteId: string,
  filter: { audience?: Audience; personId?: string },
): Promise<LiveGrantRow[]> {
  let query = db
    .selectFrom('oauth_grants')
    .innerJoin('oauth_clients as c', 'c.id', 'oauth_grants.client_row_id')
    .innerJoin('people as p', 'p.id', 'oauth_grants.person_id')
    .select([
      'oauth_grants.id as grant_id',
      'oauth_grants.client_row_id',
      'c.client_id',
      'c.name as client_name',
      'c.kind',
      'c.audience',
      'oauth_grants.person_id',
      'p.email',
      'oauth_grants.scopes',
      'oauth_grants.created_at',
      'oauth_grants.last_used_at',
    ])
    .where('oauth_grants.site_id', '=', siteId)
    .where('oauth_grants.revoked_at', 'is', null)
    .where((eb) => hasUsableToken(eb));
  if (filter.audience) query = query.where('c.audience', '=', filter.audience);
  if (filter.personId) query = query.where('oauth_grants.person_id', '=', filter.personId);
  return query.orderBy('oauth_grants.created_at', 'desc').limit(500).execute();
}

/** Ends every unrevoked grant of a client at a school; returns the ids of those it ended. */
export async function revokeGrantsOfClient(
  db: Db,
  siteId: string,
  clientRowId: string,
  reason: string,
  onlyHoldingAnyOf?: readonly string[],
): Promise<string[]> {
  let query = db
    .selectFrom('oauth_grants')
    .select('id')
    .where('site_id', '=', siteId)
    .where('client_row_id', '=', clientRowId)
    .where('revoked_at', 'is', null);
  if (onlyHoldingAnyOf) query = query.where(sql<boolean>`scopes && ${sql.val([...onlyHoldingAnyOf])}::text[]`);
  // In id order, the order every writer of several grants locks them (oauth-grants.ts
  // rotateLiveRefreshTokens), so a transaction revoking them never deadlocks against a rotation batch.
  const grants = await query.orderBy('id').execute();
  const ended: string[] = [];
  for (const grant of grants) ended.push(...(await revokeGrant(db, grant.id, reason)));
  return ended;
}

/** Forgets remembered consents of a client, so the next authorization asks the person again. */
export async function deleteConsentsOfClient(
  db: Db,
  siteId: string,
  clientRowId: string,
  onlyHoldingAnyOf?: readonly string[],
): Promise<void> {
  let query = db.deleteFrom('oauth_consents').where('site_id', '=', siteId).where('client_row_id', '=', clientRowId);
  if (onlyHoldingAnyOf) query = query.where(sql<boolean>`scopes && ${sql.val([...onlyHoldingAnyOf])}::text[]`);
  await query.execute();
}
