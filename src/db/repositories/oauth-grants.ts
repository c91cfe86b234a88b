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

export async function revokeGrant(db: Db, grantId: string, reason: string): Promise<void> {
  await revokeGrants(db, [grantId], reason);
}

/** Ends grants and every token of them, three statements however many (a school switching a feature off). */
export async function revokeGrants(db: Db, grantIds: readonly string[], reason: string): Promise<void> {
  if (grantIds.length === 0) return;
  const now = new Date();
  const ids = [...grantIds];
  await db
    .updateTable('oauth_grants')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', 'in', ids)
    .where('revoked_at', 'is', null)
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
}

/** Every grant of one person to one client at a school ("Revoke" on Connected applications). */
export async function revokeGrantsOfClientForPerson(
  db: Db,
  siteId: string,
  personId: string,
  clientRowId: string,
  reason: string,
): Promise<number> {
  const grants = await db
    .selectFrom('oauth_grants')
    .select('id')
    .where('site_id', '=', siteId)
    .where('person_id', '=', personId)
    .where('client_row_id', '=', clientRowId)
    .where('revoked_at', 'is', null)
    .execute();
  for (const grant of grants) await revokeGrant(db, grant.id, reason);
  return grants.length;
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
  // The grant first, then the token: the order rotateLiveRefreshToken and revokeGrant take. Locking
  // the token first deadlocked against the one-statement rotation under concurrent uses of one
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

export async function markRefreshTokenRotated(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db
    .updateTable('oauth_refresh_tokens')
    .set({ rotated_at: at })
    .where('token_hash', '=', tokenHash)
    .where('rotated_at', 'is', null)
    .execute();
}

/** Ends the family's other live refresh tokens, so a grace-window retry leaves one successor. */
export async function revokeLiveRefreshTokensOfGrant(db: Db, grantId: string, exceptHash: string): Promise<void> {
  await db
    .updateTable('oauth_refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('grant_id', '=', grantId)
    .where('token_hash', '!=', exceptHash)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function touchGrant(db: Db, grantId: string): Promise<void> {
  await db.updateTable('oauth_grants').set({ last_used_at: new Date() }).where('id', '=', grantId).execute();
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
 * The common refresh (RFC 6749 6, RFC 9700 4.14.2) in one statement, so a pool connection is held
 * for one round trip instead of eight: lock the family's grant, mark the presented token rotated
 * only if it is live, unrotated, this client's, within its grant's absolute end, and the request
 * stays within the grant's scopes and resource; revoke the family's other live refresh tokens;
 * touch the grant; insert both successors, capped at the grant's end (standing/lifetimes.ts).
 * Nothing happens unless every condition holds, and then it answers undefined: the caller re-reads
 * under a lock to say which rule failed (or to honour a retry). The grant is locked before the
 * token, in the order revokeGrant writes them, so the two never deadlock; a concurrent use of the
 * same token waits for the lock and then finds it rotated. The roles and feature it returns are
 * read after the lock, so a role change that committed first is seen.
 */
const rotation = hotQuery<Rotation>(
  'rotate_live_refresh_token_v2',
  `with family as (
      select g.id, g.person_id, g.scopes, g.resource, g.expires_at
      from oauth_refresh_tokens r join oauth_grants g on g.id = r.grant_id
      where r.token_hash = $1 and r.site_id = $2::uuid and g.revoked_at is null and g.expires_at > $3::timestamptz
      for update of g
    ),
    presented as (
      update oauth_refresh_tokens r set rotated_at = $3::timestamptz
      from family f
      where r.token_hash = $1 and r.grant_id = f.id and r.client_row_id = $4::uuid
        and r.rotated_at is null and r.revoked_at is null and r.expires_at > $3::timestamptz
        and $5::text[] <@ f.scopes
        and ($6::text is null or f.resource = $6::text)
      returning r.grant_id, f.person_id, f.resource,
        case when cardinality($5::text[]) > 0 then $5::text[] else r.scopes end as scopes,
        least($8::timestamptz, f.expires_at) as access_expires_at,
        least($10::timestamptz, f.expires_at) as refresh_expires_at
    ),
    siblings as (
      update oauth_refresh_tokens set revoked_at = $3::timestamptz
      where grant_id = (select grant_id from presented) and token_hash <> $1 and rotated_at is null and revoked_at is null
    ),
    touched as (
      update oauth_grants set last_used_at = $3::timestamptz where id = (select grant_id from presented)
    ),
    access as (
      insert into oauth_access_tokens (token_hash, grant_id, site_id, client_row_id, person_id, scopes, resource, expires_at)
      select $7, grant_id, $2::uuid, $4::uuid, person_id, scopes, resource, access_expires_at
      from presented
    ),
    refresh as (
      insert into oauth_refresh_tokens (token_hash, grant_id, site_id, client_row_id, scopes, expires_at)
      select $9, grant_id, $2::uuid, $4::uuid, scopes, refresh_expires_at
      from presented
    )
    select p.grant_id, p.person_id, p.resource, p.scopes, p.access_expires_at, c.audience,
      array(select sr.role from site_roles sr where sr.site_id = $2::uuid and sr.person_id = p.person_id order by sr.role) as roles,
      coalesce(s.beta_features -> 'mcp_connections' = 'true'::jsonb, false) as mcp_connections
    from presented p, oauth_clients c, sites s
    where c.id = $4::uuid and s.id = $2::uuid`,
);

export async function rotateLiveRefreshToken(db: Db, input: RotationInput): Promise<Rotation | undefined> {
  const { tokenHash, siteId, now, clientRowId, requestedScopes, resource, accessToken, refreshToken } = input;
  const rows = await rotation(db, [
    tokenHash,
    siteId,
    now,
    clientRowId,
    requestedScopes,
    resource,
    accessToken.hash,
    accessToken.expiresAt,
    refreshToken.hash,
    refreshToken.expiresAt,
  ]);
  return rows[0];
}
