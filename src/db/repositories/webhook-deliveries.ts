// SQL of webhook deliveries: the admin API's delivery log, and the work queue the delivery worker
// claims from (services/webhooks/claimer.ts says why this is not a job library's queue).
import { sql, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../database.ts';
import type { WebhookDeliveriesTable } from '../schema-webhooks.ts';
import type { Keyset } from '../pagination/cursor.ts';
import { columnKey, keyset, timeText, type SortSpec } from '../pagination/keyset.ts';

export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable> & {
  event_type: string;
  created_at_exact: string;
};

/** A claimed delivery with what sending it needs. */
export type ClaimedDelivery = {
  id: string;
  site_id: string;
  event_id: string;
  endpoint_id: string;
  attempts: number;
  url: string;
  /** The event's type, which the owner's standing is checked against before sending. */
  event_type: string;
  /** The exact body to send. */
  payload: string;
};

function selectDeliveries(db: Db, siteId: string) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .select(['e.type as event_type', timeText('d.created_at').as('created_at_exact')])
    .where('d.site_id', '=', siteId);
}

export async function listDeliveries(
  db: Db,
  siteId: string,
  endpointId: string,
  query: { limit: number; after: Keyset | null; sort: SortSpec; status?: string | undefined },
): Promise<WebhookDeliveryRow[]> {
  const page = keyset(columnKey('d.created_at', 'time'), 'd.id', query);
  let q = selectDeliveries(db, siteId).where('d.endpoint_id', '=', endpointId);
  if (query.status) q = q.where('d.status', '=', query.status as WebhookDeliveryRow['status']);
  if (page.after) q = q.where(page.after);
  return q
    .orderBy(page.orderBy)
    .limit(query.limit + 1)
    .execute();
}

export async function findDelivery(
  db: Db,
  siteId: string,
  endpointId: string,
  id: string,
): Promise<WebhookDeliveryRow | undefined> {
  return selectDeliveries(db, siteId).where('d.endpoint_id', '=', endpointId).where('d.id', '=', id).executeTakeFirst();
}

/**
 * One poll of the worker: leases up to `limit` due deliveries, at most `perEndpoint` in flight per
 * endpoint (counting the claims other instances hold), and counts the attempt. FOR UPDATE SKIP
 * LOCKED keeps two claims from taking the same row; the lease brings back the claims of an
 * instance that died before recording an outcome. Claims take turns under an advisory lock: two
 * claims at once would each count only the leases committed before they began, and together
 * exceed `perEndpoint` (several instances, or WEB_CONCURRENCY workers, polling at the same
 * moment). A claim is one short statement, so the turn is brief.
 */
export async function claimDue(
  db: Db,
  options: { limit: number; perEndpoint: number; leaseMs: number },
): Promise<ClaimedDelivery[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended('webhook-claim', 0))`.execute(trx);
    return claimDueInTurn(trx, options);
  });
}

async function claimDueInTurn(
  db: Db,
  options: { limit: number; perEndpoint: number; leaseMs: number },
): Promise<ClaimedDelivery[]> {
  const { rows } = await sql<ClaimedDelivery>`
    with candidates as (
      select d.id, d.endpoint_id, d.next_attempt_at from webhook_deliveries d
      where d.status = 'pending' and d.next_attempt_at <= now() and (d.lease_until is null or d.lease_until < now())
        -- An endpoint whose slots are all taken (a slow receiver) is passed over here, so that its
        -- backlog, however long, never fills the candidates and holds back other endpoints.
        and (
          select count(*) from webhook_deliveries f
          where f.endpoint_id = d.endpoint_id and f.status = 'pending' and f.lease_until >= now()
        ) < ${options.perEndpoint}
      order by d.next_attempt_at
      limit ${options.limit * 4}
      for update skip locked
    ), ranked as (
      select c.id, c.endpoint_id,
        row_number() over (partition by c.endpoint_id order by c.next_attempt_at, c.id) as position
      from candidates c
    ), chosen as (
      select r.id from ranked r
      where r.position <= ${options.perEndpoint} - (
        select count(*) from webhook_deliveries f
        where f.endpoint_id = r.endpoint_id and f.status = 'pending' and f.lease_until >= now()
      )
      limit ${options.limit}
    )
    update webhook_deliveries d
    set lease_until = now() + make_interval(secs => ${options.leaseMs / 1000}),
        attempts = d.attempts + 1, last_attempt_at = now(), updated_at = now()
    from chosen, webhook_endpoints w, webhook_events e
    where d.id = chosen.id and w.id = d.endpoint_id and w.status = 'enabled' and e.id = d.event_id
    returning d.id, d.site_id, d.event_id, d.endpoint_id, d.attempts, w.url, e.type as event_type, e.payload
  `.execute(db);
  return rows;
}

/**
 * Writes an attempt's outcome and lets go of the lease. `retryInMs` makes the delivery due again
 * that long from now on the database's clock, the clock the claim compares due times with.
 */
export async function recordOutcome(
  db: Db,
  id: string,
  outcome: Omit<Updateable<WebhookDeliveriesTable>, 'next_attempt_at'>,
  retryInMs?: number,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      ...outcome,
      ...(retryInMs === undefined
        ? {}
        : { next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryInMs / 1000})` }),
      lease_until: null,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** A disabled or deleted endpoint's waiting deliveries will never be sent. */
export async function abandonPending(db: Db, endpointId: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'abandoned', lease_until: null, updated_at: sql`now()` })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}

/** Redelivery: the same delivery (same event, same webhook-id) is due again at once. */
export async function requeueDelivery(db: Db, siteId: string, id: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: sql`now()`, lease_until: null, updated_at: sql`now()` })
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .execute();
}
