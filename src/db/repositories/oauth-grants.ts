// SQL for grants (token families) and their access and refresh tokens. Revoking a grant ends every
// token of it: the bearer guard checks the grant too, so no token outlives its family.
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../database.ts';
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
  const now = new Date();
  await db.updateTable('oauth_grants').set({ revoked_at: now, revoked_reason: reason }).where('id', '=', grantId).where('revoked_at', 'is', null).execute();
  await db.updateTable('oauth_access_tokens').set({ revoked_at: now }).where('grant_id', '=', grantId).where('revoked_at', 'is', null).execute();
  await db.updateTable('oauth_refresh_tokens').set({ revoked_at: now }).where('grant_id', '=', grantId).where('revoked_at', 'is', null).execute();
}

/** Every grant of one person to one client at a school ("Revoke" on Connected applications). */
export async function revokeGrantsOfClientForPerson(db: Db, siteId: string, personId: string, clientRowId: string, reason: string): Promise<number> {
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

export type ActiveAccessToken = {
  grant_id: string;
  site_id: string;
  person_id: string;
  scopes: string[];
  resource: string;
  created_at: Date;
  expires_at: Date;
  client_row_id: string;
  client_id: string;
  audience: 'operator' | 'member';
};

/** An access token that is unexpired, unrevoked, and whose grant is unrevoked. */
export async function findActiveAccessToken(db: Db, tokenHash: string): Promise<ActiveAccessToken | undefined> {
  return db
    .selectFrom('oauth_access_tokens as t')
    .innerJoin('oauth_grants as g', 'g.id', 't.grant_id')
    .innerJoin('oauth_clients as c', 'c.id', 't.client_row_id')
    .select(['t.grant_id', 't.site_id', 't.person_id', 't.scopes', 't.resource', 't.created_at', 't.expires_at', 't.client_row_id', 'c.client_id', 'c.audience'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('g.revoked_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
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
export async function lockRefreshToken(db: Db, siteId: string, tokenHash: string): Promise<(RefreshTokenRow & { grant_revoked_at: Date | null; person_id: string; grant_scopes: string[]; resource: string; auth_time: Date }) | undefined> {
  return db
    .selectFrom('oauth_refresh_tokens as r')
    .innerJoin('oauth_grants as g', 'g.id', 'r.grant_id')
    .selectAll('r')
    .select(['g.revoked_at as grant_revoked_at', 'g.person_id', 'g.scopes as grant_scopes', 'g.resource', 'g.auth_time'])
    .where('r.token_hash', '=', tokenHash)
    .where('r.site_id', '=', siteId)
    .forUpdate('r')
    .executeTakeFirst();
}

export async function markRefreshTokenRotated(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db.updateTable('oauth_refresh_tokens').set({ rotated_at: at }).where('token_hash', '=', tokenHash).where('rotated_at', 'is', null).execute();
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

export async function findRefreshTokenForClient(db: Db, tokenHash: string): Promise<(RefreshTokenRow & { grant_revoked_at: Date | null; person_id: string; resource: string }) | undefined> {
  return db
    .selectFrom('oauth_refresh_tokens as r')
    .innerJoin('oauth_grants as g', 'g.id', 'r.grant_id')
    .selectAll('r')
    .select(['g.revoked_at as grant_revoked_at', 'g.person_id', 'g.resource'])
    .where('r.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function findAccessTokenForClient(db: Db, tokenHash: string) {
  return db
    .selectFrom('oauth_access_tokens as t')
    .innerJoin('oauth_grants as g', 'g.id', 't.grant_id')
    .select(['t.grant_id', 't.site_id', 't.person_id', 't.scopes', 't.resource', 't.created_at', 't.expires_at', 't.revoked_at', 't.client_row_id', 'g.revoked_at as grant_revoked_at'])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}
