// SQL of the school's view of OAuth applications and who holds access through them (OpenAPI tag
// Applications; the admin area's "Connected apps"): a school's own member applications and every
// client holding a live grant at the school, with counts of live grants and of the distinct people
// holding them; the people holding live grants of one application; and ending them. A grant is live
// as connected-apps.ts defines it (unrevoked, with a usable token). Every statement is scoped by
// site_id: another school's grants and applications are as absent as ones that never existed.
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import type { Audience, ClientKind } from '../schema-oauth.ts';
import type { Keyset } from '../pagination/cursor.ts';
import { columnKey, keyset, timeText, type SortSpec } from '../pagination/keyset.ts';
import { hasUsableToken } from './connected-apps.ts';
import { revokeGrants } from './oauth-grants.ts';

export type ApplicationRow = {
  id: string;
  client_id: string;
  name: string;
  kind: ClientKind;
  audience: Audience;
  members_with_access: number;
  grants: number;
  last_used_at: Date | null;
  created_at_exact: string;
};

export type GrantHolderRow = {
  id: string;
  email: string;
  name: string | null;
  scopes: string[];
  granted_at: Date;
  granted_at_exact: string;
  last_used_at: Date | null;
  grants: number;
};

type Page = { limit: number; after: Keyset | null; sort: SortSpec };

function liveGrants(db: Db, siteId: string) {
  return db
    .selectFrom('oauth_grants')
    .where('oauth_grants.site_id', '=', siteId)
    .where('oauth_grants.revoked_at', 'is', null)
    .where((eb) => hasUsableToken(eb));
}

function selectApplications(db: Db, siteId: string) {
  const live = liveGrants(db, siteId)
    .select((eb) => [
      'oauth_grants.client_row_id',
      sql<string>`count(distinct oauth_grants.person_id)`.as('members'),
      eb.fn.countAll<string>().as('grants'),
    ])
    .groupBy('oauth_grants.client_row_id');
  // "Last used" of any grant of the client here, live or not: a revoked application still shows its last use.
  const used = db
    .selectFrom('oauth_grants')
    .select((eb) => ['oauth_grants.client_row_id', eb.fn.max('oauth_grants.last_used_at').as('last_used_at')])
    .where('oauth_grants.site_id', '=', siteId)
    .groupBy('oauth_grants.client_row_id');
  return db
    .selectFrom('oauth_clients as c')
    .leftJoin(live.as('l'), 'l.client_row_id', 'c.id')
    .leftJoin(used.as('u'), 'u.client_row_id', 'c.id')
    .select([
      'c.id',
      'c.client_id',
      'c.name',
      'c.kind',
      'c.audience',
      sql<string>`coalesce(l.members, 0)`.as('members_with_access'),
      sql<string>`coalesce(l.grants, 0)`.as('grants'),
      'u.last_used_at',
      timeText('c.created_at').as('created_at_exact'),
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb('c.site_id', '=', siteId), eb('c.kind', '=', 'member_app')]),
        eb('l.client_row_id', 'is not', null),
      ]),
    );
}

function toApplication(row: {
  members_with_access: string | number;
  grants: string | number;
  last_used_at: Date | string | null;
}) {
  return {
    members_with_access: Number(row.members_with_access),
    grants: Number(row.grants),
    last_used_at: row.last_used_at === null ? null : new Date(row.last_used_at),
  };
}

/** A page of the school's applications, newest first (or as `query.sort` says). */
export async function listApplications(
  db: Db,
  siteId: string,
  query: Page & { audience?: Audience | undefined },
): Promise<ApplicationRow[]> {
  const page = keyset(columnKey('c.created_at', 'time'), 'c.id', query);
  let q = selectApplications(db, siteId);
  if (query.audience) q = q.where('c.audience', '=', query.audience);
  if (page.after) q = q.where(page.after);
  const rows = await q
    .orderBy(page.orderBy)
    .limit(query.limit + 1)
    .execute();
  return rows.map((row) => ({ ...row, ...toApplication(row) }));
}

/** One application of the school: its own member application, or a client holding a live grant here. */
export async function findApplication(db: Db, siteId: string, id: string): Promise<ApplicationRow | undefined> {
  const row = await selectApplications(db, siteId).where('c.id', '=', id).executeTakeFirst();
  return row && { ...row, ...toApplication(row) };
}

/** The people holding live grants of an application here, most recently granted first. */
export async function listGrantHolders(
  db: Db,
  siteId: string,
  clientRowId: string,
  query: Page & { personId?: string },
): Promise<GrantHolderRow[]> {
  let holders = liveGrants(db, siteId)
    .innerJoin('people as p', 'p.id', 'oauth_grants.person_id')
    .select((eb) => [
      'oauth_grants.person_id as id',
      'p.email',
      'p.name',
      // Scopes never hold a space (RFC 6749 3.3): every grant's list joined, split and merged in toHolder.
      sql<string>`string_agg(array_to_string(oauth_grants.scopes, ' '), ' ')`.as('scope_text'),
      eb.fn.max('oauth_grants.created_at').as('granted_at'),
      eb.fn.max('oauth_grants.last_used_at').as('last_used_at'),
      eb.fn.countAll<string>().as('grants'),
    ])
    .where('oauth_grants.client_row_id', '=', clientRowId)
    .groupBy(['oauth_grants.person_id', 'p.email', 'p.name']);
  if (query.personId) holders = holders.where('oauth_grants.person_id', '=', query.personId);
  const page = keyset(columnKey('h.granted_at', 'time'), 'h.id', query);
  let q = db.selectFrom(holders.as('h')).selectAll('h').select(timeText('h.granted_at').as('granted_at_exact'));
  if (page.after) q = q.where(page.after);
  const rows = await q
    .orderBy(page.orderBy)
    .limit(query.limit + 1)
    .execute();
  return rows.map(({ scope_text, ...row }) => ({
    ...row,
    scopes: [...new Set(scope_text.split(' ').filter(Boolean))],
    granted_at: new Date(row.granted_at),
    last_used_at: row.last_used_at === null ? null : new Date(row.last_used_at),
    grants: Number(row.grants),
  }));
}

/** `ended`: every grant this ended (the access trail records each); `grants` and `members` count the live ones. */
export type RevokedGrants = { grants: number; members: number; ended: string[] };

/**
 * Ends every unrevoked grant of the client here (of one person, when named) and every token of them,
 * in the caller's transaction; counts the live ones among them and the distinct people who held those.
 */
export async function revokeApplicationGrants(
  trx: Db,
  siteId: string,
  clientRowId: string,
  reason: string,
  personId?: string,
): Promise<RevokedGrants> {
  let query = trx
    .selectFrom('oauth_grants')
    .select((eb) => ['oauth_grants.id', 'oauth_grants.person_id', hasUsableToken(eb).as('live')])
    .where('oauth_grants.site_id', '=', siteId)
    .where('oauth_grants.client_row_id', '=', clientRowId)
    .where('oauth_grants.revoked_at', 'is', null);
  if (personId) query = query.where('oauth_grants.person_id', '=', personId);
  // In id order, the order every writer of several grants locks them (oauth-grants.ts rotateLiveRefreshTokens).
  const grants = await query.orderBy('oauth_grants.id').forUpdate().execute();
  const ended = grants.map((g) => g.id);
  await revokeGrants(trx, ended, reason);
  const live = grants.filter((g) => g.live);
  return { grants: live.length, members: new Set(live.map((g) => g.person_id)).size, ended };
}
