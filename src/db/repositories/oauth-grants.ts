// SQL for grants (token families) and their access and refresh tokens. Revoking a grant ends every
// token of it: the bearer guard checks the grant too, so no token outlives its family.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../database.ts';
import { hotQuery } from '../hot-queries.ts';
import type { SiteRole } from '../schema.ts';
import type { OAuthAccessTokensTable, OAuthGrantsTable, OAuthRefreshTokensTable } from '../schema-oauth.ts';

export type GrantRow = Selectable<OAuthGrantsTable>;
export type RefreshTokenRow = Selectable<OAuthRefreshTokensTable>;

export async function insertGrant(db: Db, grant: Insertable<OAuthGrantsTable>): Promise<GrantRow> {
  return db.insertInto('oauth_grants').values(grant).returningAll().executeTakeFirstOrThrow();
}

export async function insertAccessToken(db: Db, token: Insertable<OAuthAccessTokensTable>): Promise<void> {
  await db.insertInto('oauth_access_tokens').values(token).execute();
}

export async function insertRefreshToken(db: Db, token: Insertable<OAuthRefreshTokensTable>): Promise<void> {
  await db.insertInto('oauth_refresh_tokens').values(token).execute();
}

/** @returns the grant's id when this call ended it, else nothing (it had ended already). */
export async function revokeGrant(db: Db, grantId: string, reason: string): Promise<string[]> {
  return revokeGrants(db, [grantId], reason);
}

/**
 * Ends grants and every token of them, three statements however many (a school switching a feature off), four for several.
 * @returns the ids of the grants this call ended (not those that had ended already), for the access trail
 */
export async function revokeGrants(db: Db, grantIds: readonly string[], reason: string): Promise<string[]> {
  if (grantIds.length === 0) return [];
  const now = new Date();
  const ids = [...grantIds];
  // Several grants are locked in id order first, the order a rotation batch takes them
  // (rotateLiveRefreshTokens): an update of several rows locks them in whatever order it scans.
  if (ids.length > 1)
    await db.selectFrom('oauth_grants').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
  const ended = await db
    .updateTable('oauth_grants')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', 'in', ids)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  await db
    .updateTable('oauth_access_tokens')
    .set({ revoked_at: now })
    .where('grant_id', 'in', ids)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('oauth_refresh_tokens')
    .set({ revoked_at: now })
    .where('grant_id', 'in', ids)
    .where('revoked_at', 'is', null)
    .execute();
  return ended.map((row) => row.id);
}

/** Every grant of one person to one client at a school ("Revoke" on Connected applications). */
export async function revokeGrantsOfClientForPerson(
  db: Db,
  siteId: string,
  personId: string,
  clientRowId: string,
  reason: string,
): Promise<string[]> {
  const grants = await db
    .selectFrom('oauth_grants')
    .select('id')
    .where('site_id', '=', siteId)
    .where('person_id', '=', personId)
    .where('client_row_id', '=', clientRowId)
    .where('revoked_at', 'is', null)
    .orderBy('id') // the order every writer of several grants locks them (rotateLiveRefreshTokens)
    .execute();
  const ended: string[] = [];
  for (const grant of grants) ended.push(...(await revokeGrant(db, grant.id, reason)));
  return ended;
}

export async function revokeAccessToken(db: Db, tokenHash: string, clientRowId: string): Promise<boolean> {
  const result = await db
    .updateTable('oauth_access_tokens')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('client_row_id', '=', clientRowId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Locks the refresh token row for the rotation transaction (RFC 9700 4.14.2: atomic rotation). */
export async function lockRefreshToken(
  db: Db,
  siteId: string,
  tokenHash: string,
): Promise<
  | (RefreshTokenRow & {
      grant_revoked_at: Date | null;
      person_id: string;
      grant_scopes: string[];
      resource: string;
      auth_time: Date;
    })
  | undefined
> {
  // The grant first, then the token: the order rotateLiveRefreshTokens and revokeGrant take. Locking
  // the token first deadlocked against the common-case rotation statement under concurrent uses of one
  // token (RFC 9700 4.14.2; contract-tests/reliability/refresh-race.test.ts).
  await db
    .selectFrom('oauth_grants')
    .select('id')
    .where('id', '=', (eb) =>
      eb
        .selectFrom('oauth_refresh_tokens')
        .select('grant_id')
        .where('token_hash', '=', tokenHash)
        .where('site_id', '=', siteId),
    )
    .forUpdate()
    .execute();
  return db
    .selectFrom('oauth_refresh_tokens as r')
    .innerJoin('oauth_grants as g', 'g.id', 'r.grant_id')
    .selectAll('r')
    .select([
      'g.revoked_at as grant_revoked_at',
      'g.person_id',
      'g.scopes as grant_scopes',
      'g.resource',
      'g.auth_time',
    ])
    .where('r.token_hash', '=', tokenHash)
    .where('r.site_id', '=', siteId)
    .forUpdate('r')
    .executeTakeFirst();
}

export type RotationInput = {
  siteId: string;
  clientRowId: string;
  tokenHash: string;
  /** Narrowed scopes (RFC 6749 6), or empty to keep the presented token's. */
  requestedScopes: string[];
  /** The resource the request names, or null when it names none (the binding stays). */
  resource: string | null;
  now: Date;
  /** Successors (issue-tokens.ts successorsOf) and their expiries before the grant's end caps them. */
  accessToken: { hash: string; expiresAt: Date };
  refreshToken: { hash: string; expiresAt: Date };
};
/** The rotation, with the facts its standing rests on (standing/token-standing.ts decides on them). */
export type Rotation = {
  grant_id: string;
  person_id: string;
  resource: string;
  scopes: string[];
  access_expires_at: Date;
  audience: 'operator' | 'member';
  roles: SiteRole[];
  mcp_connections: boolean;
};

/**
 * The refresh rotation (RFC 6749 6, RFC 9700 4.14.2), the one place its rule is written: of several
 * tokens in one statement and so one commit (the refresh grant's group commit,
 * services/auth/grants/refresh-rotations.ts), or of one under the lock the refresh grant's locked
 * path holds (refresh-under-lock.ts rotateUnderLock), each item as if it ran alone: lock the
 * family's grant, mark the presented token rotated only if it is live, unrotated, this client's,
 * within its grant's absolute end, and the request stays within the grant's scopes and resource;
 * touch the grant (its "last used", written only when older than `useResolutionMs`, so at most
 * one write of the grant's row per resolution); insert both successors, capped at the grant's end
 * (standing/lifetimes.ts). The presented token was its family's only live one (the unique index
 * oauth_refresh_tokens_live), so the successor is again the only one. An item for which any
 * condition fails changes nothing and has no row: the caller re-reads under a lock to say which
 * rule failed (or to honour a retry).
 * - One item per family: a second item on the same grant (the same token presented twice) is left
 *   out too, and its caller's exact path then finds the first one's rotation
 *   committed, as if it had come just after it.
 * - Grants are locked in id order, before their tokens, as revokeGrant writes them: two batches, a
 *   batch and a revocation, or a batch and the locked path (lockRefreshToken) never deadlock. A
 *   concurrent use of a token waits for its grant's lock and then finds the token rotated.
 * - The roles and feature it returns are read after the lock, so a role change that committed first
 *   is seen.
 * Answers each rotated item's position in `items` (1-based ordinality).
 */
const rotations = hotQuery<Rotation & { item: number }>(
  'rotate_live_refresh_tokens_v5',
  `with items as (
      select i.token_hash, i.site_id, i.at, i.client_row_id, string_to_array(i.requested, ' ') as requested,
        i.resource, i.access_hash, i.access_expires_at, i.refresh_hash, i.refresh_expires_at, i.item::int as item
      from unnest($1::text[], $2::uuid[], $3::timestamptz[], $4::uuid[], $5::text[], $6::text[],
          $7::text[], $8::timestamptz[], $9::text[], $10::timestamptz[])
        with ordinality as i(token_hash, site_id, at, client_row_id, requested, resource,
          access_hash, access_expires_at, refresh_hash, refresh_expires_at, item)
    ),
    picked as (
      select distinct on (r.grant_id) i.*, r.grant_id
      from items i join oauth_refresh_tokens r on r.token_hash = i.token_hash and r.site_id = i.site_id
      order by r.grant_id, i.item
    ),
    family as materialized (
      select p.*, g.person_id, g.scopes as grant_scopes, g.resource as grant_resource, g.expires_at as grant_expires_at
      from picked p join oauth_grants g on g.id = p.grant_id
      where g.revoked_at is null and g.expires_at > p.at
      order by g.id
      for update of g
    ),
    presented as (
      update oauth_refresh_tokens r set rotated_at = f.at
      from family f
      where r.token_hash = f.token_hash and r.grant_id = f.grant_id and r.client_row_id = f.client_row_id
        and r.rotated_at is null and r.revoked_at is null and r.expires_at > f.at
        and f.requested <@ f.grant_scopes
        and (f.resource is null or f.grant_resource = f.resource)
      returning f.item, r.token_hash, r.grant_id, f.site_id, f.client_row_id, f.at, f.person_id,
        f.grant_resource as resource,
        case when cardinality(f.requested) > 0 then f.requested else r.scopes end as scopes,
        f.access_hash, least(f.access_expires_at, f.grant_expires_at) as access_expires_at,
        f.refresh_hash, least(f.refresh_expires_at, f.grant_expires_at) as refresh_expires_at
    ),
    touched as (
      update oauth_grants g set last_used_at = p.at from presented p
      where g.id = p.grant_id and (g.last_used_at is null or g.last_used_at <= p.at - $11::int * interval '1 millisecond')
    ),
    access as (
      insert into oauth_access_tokens (token_hash, grant_id, site_id, client_row_id, person_id, scopes, resource, expires_at)
      select access_hash, grant_id, site_id, client_row_id, person_id, scopes, resource, access_expires_at
      from presented
    ),
    refresh as (
      insert into oauth_refresh_tokens (token_hash, grant_id, site_id, client_row_id, scopes, expires_at)
      select refresh_hash, grant_id, site_id, client_row_id, scopes, refresh_expires_at
      from presented
    )
    select p.item, p.grant_id, p.person_id, p.resource, p.scopes, p.access_expires_at, c.audience,
      array(select sr.role from site_roles sr where sr.site_id = p.site_id and sr.person_id = p.person_id order by sr.role) as roles,
      coalesce(s.beta_features -> 'mcp_connections' = 'true'::jsonb, false) as mcp_connections
    from presented p join oauth_clients c on c.id = p.client_row_id join sites s on s.id = p.site_id`,
);

/** Each item's rotation, by position; undefined where the item changed nothing. */
export async function rotateLiveRefreshTokens(
  db: Db,
  items: readonly RotationInput[],
  useResolutionMs: number,
): Promise<Array<Rotation | undefined>> {
  // Scopes never contain a space (RFC 6749 3.3), so each item's list travels as one string: a
  // PostgreSQL array of arrays must be rectangular.
  const rows = await rotations(db, [
    items.map((i) => i.tokenHash),
    items.map((i) => i.siteId),
    items.map((i) => i.now.toISOString()),
    items.map((i) => i.clientRowId),
    items.map((i) => i.requestedScopes.join(' ')),
    items.map((i) => i.resource),
    items.map((i) => i.accessToken.hash),
    items.map((i) => i.accessToken.expiresAt.toISOString()),
    items.map((i) => i.refreshToken.hash),
    items.map((i) => i.refreshToken.expiresAt.toISOString()),
    useResolutionMs,
  ]);
  const byItem = Array.from<Rotation | undefined>({ length: items.length });
  for (const { item, ...rotation } of rows) byItem[item - 1] = rotation;
  return byItem;
}
