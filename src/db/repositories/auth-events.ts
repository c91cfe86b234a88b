// SQL of the access trail (migration 2026-12-06T0301-auth-events): writing events, one per grant
// for a revocation, at most one token.issued per grant and hour (the unique index decides), reading
// a school's trail newest first with filters, and deleting old rows in bounded batches. Every insert
// answers the kinds it wrote (`returning kind`), which metrics/auth-event-counter.ts counts.
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { columnKey, keyset, type KeysetPage } from '../pagination/keyset.ts';

/** One event as written; `kind` and `reason` come from the closed lists of services/audit/auth-event-kinds.ts. */
export type AuthEventInsert = {
  siteId: string;
  kind: string;
  personId?: string | null;
  clientId?: string | null;
  grantId?: string | null;
  reason?: string | null;
  actorPersonId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
};

/** Who ended grants and why, and from where (grant.revoked events). */
export type RevocationTrail = { reason: string; actorPersonId?: string | null; ip?: string | null };

/** A user agent is kept to this many characters (the column's check). */
export const USER_AGENT_MAX = 300;

const row = (event: AuthEventInsert) => ({
  site_id: event.siteId,
  kind: event.kind,
  person_id: event.personId ?? null,
  client_id: event.clientId ?? null,
  grant_id: event.grantId ?? null,
  reason: event.reason ?? null,
  actor_person_id: event.actorPersonId ?? null,
  ip: event.ip ?? null,
  user_agent: event.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
});

export async function insertAuthEvents(db: Db, events: readonly AuthEventInsert[]): Promise<number> {
  if (events.length === 0) return 0;
  const rows = await db.insertInto('auth_events').values(events.map(row)).returning('kind').execute();
  return rows.length;
}

/**
 * token.issued rows, one per grant and hour: an hour (seconds since the epoch / 3600) already
 * written for a grant, by this instance or another, is skipped by the unique index.
 * @returns how many were new
 */
export async function insertTokenIssues(
  db: Db,
  issues: ReadonlyArray<AuthEventInsert & { grantId: string; hour: number; at: Date }>,
): Promise<number> {
  if (issues.length === 0) return 0;
  const rows = await db
    .insertInto('auth_events')
    .values(issues.map((issue) => ({ ...row(issue), occurred_at: issue.at, token_hour: issue.hour })))
    .onConflict((oc) => oc.columns(['grant_id', 'token_hour']).where('token_hour', 'is not', null).doNothing())
    .returning('kind')
    .execute();
  return rows.length;
}

/**
 * One grant.revoked event per grant in `grantIds`, naming its person and client, in one statement
 * (a feature switched off may end thousands at once). Read from the grants themselves, so it must
 * run before a deletion that cascades to them (a client removed).
 */
export async function insertGrantRevocations(
  db: Db,
  grantIds: readonly string[],
  trail: RevocationTrail,
): Promise<number> {
  if (grantIds.length === 0) return 0;
  const rows = await db
    .insertInto('auth_events')
    .columns(['site_id', 'kind', 'person_id', 'client_id', 'grant_id', 'reason', 'actor_person_id', 'ip'])
    .expression(
      db
        .selectFrom('oauth_grants as g')
        .innerJoin('oauth_clients as c', 'c.id', 'g.client_row_id')
        .select([
          'g.site_id',
          sql.lit('grant.revoked').as('kind'),
          'g.person_id',
          'c.client_id',
          'g.id',
          sql.val(trail.reason).as('reason'),
          sql.val(trail.actorPersonId ?? null).as('actor_person_id'),
          sql.val(trail.ip ?? null).as('ip'),
        ])
        .where('g.id', 'in', [...grantIds]),
    )
    .returning('kind')
    .execute();
  return rows.length;
}

/**
 * The ids of a client's live grants at a school, or at every school for a deployment-wide client
 * (`siteId` null): read before the client is deleted, its grants with it.
 */
export async function liveGrantIdsOfClient(db: Db, siteId: string | null, clientRowId: string): Promise<string[]> {
  let query = db
    .selectFrom('oauth_grants')
    .select('id')
    .where('client_row_id', '=', clientRowId)
    .where('revoked_at', 'is', null);
  if (siteId !== null) query = query.where('site_id', '=', siteId);
  const rows = await query.execute();
  return rows.map((r) => r.id);
}

export type AuthEventFilter = {
  personId?: string | undefined;
  clientId?: string | undefined;
  kind?: string | undefined;
  since?: Date | undefined;
  until?: Date | undefined;
};

export type AuthEventRow = {
  id: string;
  occurred_at: Date;
  kind: string;
  person_id: string | null;
  person_email: string | null;
  client_id: string | null;
  reason: string | null;
  actor_person_id: string | null;
  actor_email: string | null;
  ip: string | null;
  user_agent: string | null;
  /** occurred_at as ISO 8601 UTC with microseconds: the cursor's time. */
  t: string;
};

/** A school's events newest first, filtered, one keyset page (`since` inclusive, `until` exclusive). */
export async function listAuthEvents(
  db: Db,
  siteId: string,
  filter: AuthEventFilter,
  page: KeysetPage,
): Promise<AuthEventRow[]> {
  const keyed = keyset(columnKey('e.occurred_at', 'time'), 'e.id', page);
  let query = db
    .selectFrom('auth_events as e')
    .leftJoin('people as p', 'p.id', 'e.person_id')
    .leftJoin('people as a', 'a.id', 'e.actor_person_id')
    .select([
      'e.id',
      'e.occurred_at',
      'e.kind',
      'e.person_id',
      'p.email as person_email',
      'e.client_id',
      'e.reason',
      'e.actor_person_id',
      'a.email as actor_email',
      'e.ip',
      'e.user_agent',
      keyed.value.as('t'),
    ])
    .where('e.site_id', '=', siteId);
  if (filter.personId) query = query.where('e.person_id', '=', filter.personId);
  if (filter.clientId) query = query.where('e.client_id', '=', filter.clientId);
  if (filter.kind) query = query.where('e.kind', '=', filter.kind);
  if (filter.since) query = query.where('e.occurred_at', '>=', filter.since);
  if (filter.until) query = query.where('e.occurred_at', '<', filter.until);
  if (keyed.after) query = query.where(keyed.after);
  return query
    .orderBy(keyed.orderBy)
    .limit(page.limit + 1)
    .execute() as Promise<AuthEventRow[]>;
}

/**
 * Deletes at most `batch` events that occurred before `before`, oldest first; the purge loops it
 * (services/audit/auth-events-purge.ts), so no statement holds locks on an unbounded number of rows.
 * Rows another instance's purge holds are skipped, not waited for: it deletes them.
 * @returns how many it deleted
 */
export async function purgeAuthEventBatch(db: Db, before: Date, batch: number): Promise<number> {
  const result = await sql`
    delete from auth_events where id in (
      select id from auth_events where occurred_at < ${before} order by occurred_at limit ${batch}
      for update skip locked
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
