// SQL of webhook endpoints and their secrets. Every statement is scoped by site_id: another
// school's endpoint is as absent as one that never existed (404).
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../database.ts';
import type { SiteRole } from '../schema.ts';
import type { WebhookDisabledReason, WebhookEndpointsTable, WebhookEndpointSecretsTable } from '../schema-webhooks.ts';
import type { Keyset } from '../pagination/cursor.ts';
import { columnKey, keyset, timeText, type SortSpec } from '../pagination/keyset.ts';

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable> & { created_at_exact: string };

function selectEndpoints(db: Db, siteId: string) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .select(timeText('created_at').as('created_at_exact'))
    .where('site_id', '=', siteId);
}

export async function listEndpoints(
  db: Db,
  siteId: string,
  query: { limit: number; after: Keyset | null; sort: SortSpec },
): Promise<WebhookEndpointRow[]> {
  const page = keyset(columnKey('created_at', 'time'), 'id', query);
  let q = selectEndpoints(db, siteId);
  if (page.after) q = q.where(page.after);
  return q
    .orderBy(page.orderBy)
    .limit(query.limit + 1)
    .execute();
}

export async function findEndpoint(db: Db, siteId: string, id: string): Promise<WebhookEndpointRow | undefined> {
  return selectEndpoints(db, siteId).where('id', '=', id).executeTakeFirst();
}

/** The endpoint under a row lock, for changes that read and then write it (disable, rotate). */
export async function lockEndpoint(trx: Db, siteId: string, id: string): Promise<WebhookEndpointRow | undefined> {
  return selectEndpoints(trx, siteId).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** How many endpoints the school has, taking the school's endpoint lock until `trx` ends. */
export async function countEndpointsLocked(trx: Db, siteId: string): Promise<number> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`webhook-endpoints:${siteId}`}, 0))`.execute(trx);
  const row = await trx
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertEndpoint(
  trx: Db,
  endpoint: Insertable<WebhookEndpointsTable>,
): Promise<WebhookEndpointRow> {
  return trx
    .insertInto('webhook_endpoints')
    .values(endpoint)
    .returningAll()
    .returning(timeText('created_at').as('created_at_exact'))
    .executeTakeFirstOrThrow();
}

export async function updateEndpoint(
  db: Db,
  siteId: string,
  id: string,
  changes: Updateable<WebhookEndpointsTable>,
): Promise<WebhookEndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set({ ...changes, updated_at: sql`now()` })
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .returningAll()
    .returning(timeText('created_at').as('created_at_exact'))
    .executeTakeFirst();
}

/**
 * Deletes the endpoint, its deliveries with it (ON DELETE CASCADE). The deliveries being sent are
 * locked first: an outcome being recorded locks its delivery and then the endpoint
 * (webhook-deliveries.ts recordAttempts), so taking them in the same order waits for it instead of
 * deadlocking against it.
 */
export async function deleteEndpoint(db: Db, siteId: string, id: string): Promise<boolean> {
  await sql`select id from webhook_deliveries
    where site_id = ${siteId} and endpoint_id = ${id} and status = 'pending' and lease_until >= now()
    order by id for update`.execute(db);
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertSecret(
  trx: Db,
  secret: Insertable<WebhookEndpointSecretsTable> & { id: string },
): Promise<void> {
  await trx.insertInto('webhook_endpoint_secrets').values(secret).execute();
}

/**
 * A rotation: every secret still signing ends at `expiresAt` at the latest (one without an end,
 * and one still in an earlier, longer overlap: a rotation with no overlap stops them all); the
 * caller then inserts the new one.
 */
export async function expireCurrentSecrets(trx: Db, endpointId: string, expiresAt: Date): Promise<void> {
  await trx
    .updateTable('webhook_endpoint_secrets')
    .set({ expires_at: expiresAt })
    .where('endpoint_id', '=', endpointId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', expiresAt)]))
    .execute();
  // Secrets whose overlap ended sign nothing any more: they are removed rather than kept.
  await trx
    .deleteFrom('webhook_endpoint_secrets')
    .where('endpoint_id', '=', endpointId)
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
}

/**
 * A failed attempt: starts the endpoint's failing run, or keeps the one under way.
 * @returns how long the run has lasted (RETURNING sees the row as updated), measured on the
 * database's clock, which the retry schedule's due times use too; null when the endpoint is gone
 */
export async function markFailing(db: Db, endpointId: string): Promise<number | null> {
  const row = await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: sql`coalesce(failing_since, now())` })
    .where('id', '=', endpointId)
    .returning(sql<number>`extract(epoch from now() - failing_since) * 1000`.as('failing_for_ms'))
    .executeTakeFirst();
  return row ? Number(row.failing_for_ms) : null;
}

/** A successful attempt ends the failing run. */
export async function markHealthy(db: Db, endpointId: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: null })
    .where('id', '=', endpointId)
    .where('failing_since', 'is not', null)
    .execute();
}

/**
 * Disabled endpoints of a school, the most recently disabled first: all of them, or those named by
 * `ids`, or those disabled for one of `reasons` (the admin area's notices).
 */
export async function listDisabledEndpoints(
  db: Db,
  siteId: string,
  filter: { ids?: readonly string[]; reasons?: readonly WebhookDisabledReason[]; limit: number },
): Promise<WebhookEndpointRow[]> {
  if (filter.ids?.length === 0 || filter.reasons?.length === 0) return [];
  let q = selectEndpoints(db, siteId).where('status', '=', 'disabled');
  if (filter.ids) q = q.where('id', 'in', filter.ids);
  if (filter.reasons) q = q.where('disabled_reason', 'in', filter.reasons);
  return q.orderBy('disabled_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}

/** What an endpoint's standing rests on (/webhooks.md "Who may receive what"), read now in one statement. */
export type EndpointOwnerFacts = {
  owner_person_id: string | null;
  /** The owner's roles at the endpoint's school; empty when removed, or when there is no owner. */
  roles: SiteRole[];
  mcp_connections: boolean;
};

/**
 * The columns of EndpointOwnerFacts, over an endpoint `w` joined to its school `s`: the one reading
 * of them, here and in the delivery worker's claim (webhook-deliveries.ts claimDue).
 */
export const OWNER_FACTS_TEXT = `w.owner_person_id,
  array(select r.role from site_roles r where r.site_id = w.site_id and r.person_id = w.owner_person_id) as roles,
  coalesce(s.beta_features -> 'mcp_connections' = 'true'::jsonb, false) as mcp_connections`;
const OWNER_FACTS = sql.raw(OWNER_FACTS_TEXT);

export async function findEndpointOwnerFacts(
  db: Db,
  siteId: string,
  endpointId: string,
): Promise<EndpointOwnerFacts | undefined> {
  const { rows } = await sql<EndpointOwnerFacts>`
    select ${OWNER_FACTS}
    from webhook_endpoints w join sites s on s.id = w.site_id
    where w.site_id = ${siteId} and w.id = ${endpointId}`.execute(db);
  return rows[0];
}
