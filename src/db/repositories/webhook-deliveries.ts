// SQL of webhook deliveries: the admin API's delivery log, and the work queue the delivery worker
// claims from (services/webhooks/claimer.ts says why this is not a job library's queue).
import { sql, type Selectable } from 'kysely';
import type { Db } from '../database.ts';
import type { WebhookDeliveriesTable, WebhookDeliveryAttemptsTable } from '../schema-webhooks.ts';
import type { Keyset } from '../pagination/cursor.ts';
import { columnKey, keyset, timeText, type SortSpec } from '../pagination/keyset.ts';
import { OWNER_FACTS, type EndpointOwnerFacts } from './webhook-endpoints.ts';

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
  /** Attempts of it postponed by the receiver's Retry-After, not counted as failures. */
  postponements: number;
  url: string;
  /** The event's type, which the owner's standing is checked against before sending. */
  event_type: string;
  /** The exact body to send. */
  payload: string;
};

/** An endpoint secret as signing needs it: its row id binds the ciphertext (services/webhooks/secrets.ts). */
export type SealedSecretRow = { id: string; secret_ciphertext: string };

/**
 * A claimed delivery with, read by the same statement, its endpoint's owner facts and live secrets
 * (newest first): sending needs nothing else, so a claim reads them in no statement of its own.
 */
export type ClaimedRow = ClaimedDelivery & EndpointOwnerFacts & { secrets: SealedSecretRow[] };

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
 * One poll of the worker, in `trx`: leases up to `limit` due deliveries, at most `perEndpoint` in
 * flight per endpoint (counting the claims other instances hold) and, for an endpoint with a
 * `max_deliveries_per_second`, no more attempts started within the last second than that; an
 * endpoint paused by its receiver's Retry-After (`paused_until`) is passed over. Counts the
 * attempt. FOR UPDATE SKIP LOCKED keeps two claims from taking the same row; the lease brings back
 * the claims of an instance that died before recording an outcome. Claims take turns under an
 * advisory lock held to the end of `trx`: two claims at once would each count only the leases
 * committed before they began, and together exceed the bounds (several instances, or
 * WEB_CONCURRENCY workers, polling at the same moment). A claim is one short statement.
 */
export async function claimDue(
  trx: Db,
  options: { limit: number; perEndpoint: number; leaseMs: number },
): Promise<ClaimedRow[]> {
  await sql`select pg_advisory_xact_lock(hashtextextended('webhook-claim', 0))`.execute(trx);
  const inFlight = (endpoint: ReturnType<typeof sql.ref>) => sql`(
    select count(*) from webhook_deliveries f
    where f.endpoint_id = ${endpoint} and f.status = 'pending' and f.lease_until >= now())`;
  const recent = (endpoint: ReturnType<typeof sql.ref>) => sql`(
    select count(*) from webhook_deliveries f
    where f.endpoint_id = ${endpoint} and f.last_attempt_at > now() - interval '1 second')`;
  const { rows } = await sql<ClaimedRow>`
    with candidates as (
      select d.id, d.endpoint_id, d.next_attempt_at from webhook_deliveries d
      where d.status = 'pending' and d.next_attempt_at <= now() and (d.lease_until is null or d.lease_until < now())
        -- An endpoint whose slots are all taken (a slow receiver), that is paused or at its rate
        -- is passed over here, so that its backlog never fills the candidates and holds back others.
        and ${inFlight(sql.ref('d.endpoint_id'))} < ${options.perEndpoint}
        and not exists (
          select 1 from webhook_endpoints p where p.id = d.endpoint_id and (
            p.paused_until > now()
            or case when p.max_deliveries_per_second is null then false
              else p.max_deliveries_per_second <= ${recent(sql.ref('p.id'))} end))
      order by d.next_attempt_at
      limit ${options.limit * 4}
      for update of d skip locked
    ), ranked as (
      select c.id, c.endpoint_id,
        row_number() over (partition by c.endpoint_id order by c.next_attempt_at, c.id) as position
      from candidates c
    ), room as (
      -- Once per endpoint, not per candidate; the attempts of the last second are counted only
      -- for an endpoint with a rate (CASE evaluates that branch alone): under load an endpoint's
      -- last second holds hundreds of attempts, and counting them per candidate made each claim
      -- dearer the faster deliveries went.
      select e.endpoint_id, least(
        ${options.perEndpoint} - ${inFlight(sql.ref('e.endpoint_id'))},
        case when p.max_deliveries_per_second is null then ${options.perEndpoint}
          else p.max_deliveries_per_second - ${recent(sql.ref('e.endpoint_id'))} end) as free
      from (select distinct endpoint_id from candidates) e join webhook_endpoints p on p.id = e.endpoint_id
    ), chosen as (
      select r.id from ranked r join room on room.endpoint_id = r.endpoint_id
      where r.position <= room.free
      limit ${options.limit}
    )
    update webhook_deliveries d
    set lease_until = now() + make_interval(secs => ${options.leaseMs / 1000}),
        attempts = d.attempts + 1, last_attempt_at = now(), updated_at = now()
    from chosen, webhook_endpoints w, webhook_events e, sites s
    where d.id = chosen.id and w.id = d.endpoint_id and w.status = 'enabled' and e.id = d.event_id
      and s.id = w.site_id
    returning d.id, d.site_id, d.event_id, d.endpoint_id, d.attempts, d.postponements, w.url,
      e.type as event_type, e.payload, ${OWNER_FACTS},
      (select coalesce(json_agg(json_build_object('id', k.id, 'secret_ciphertext', k.secret_ciphertext)
          order by k.created_at desc), '[]'::json)
        from webhook_endpoint_secrets k
        where k.endpoint_id = d.endpoint_id and (k.expires_at is null or k.expires_at > now())) as secrets
  `.execute(trx);
  return rows;
}

/** One attempt's outcome, as the worker writes it (recordAttempts). */
export type AttemptRecord = {
  id: string;
  endpointId: string;
  /** The delivery's new state; null: it stays pending, due again in `retryInMs`. */
  status: 'succeeded' | 'failed' | null;
  retryInMs: number | null;
  responseCode: number | null;
  /** `last_error`: `<class>: <words>` (services/webhooks/delivery-error.ts). */
  error: string | null;
  errorClass: string | null;
  durationMs: number;
  responseBody: string | null;
  /** A Retry-After postponement: counted on the delivery, and the endpoint paused until it is due. */
  postponed: boolean;
};

/**
 * Writes attempts' outcomes in one statement: each delivery's state (its lease let go, due again
 * on the database's clock when it stays pending), one row of webhook_delivery_attempts each (the
 * attempt's time is the claim's `last_attempt_at`), the failing run of an endpoint a success
 * answered ended, and an endpoint that asked for time paused until then.
 */
export async function recordAttempts(db: Db, records: readonly AttemptRecord[]): Promise<void> {
  if (records.length === 0) return;
  const values = sql.join(
    records.map(
      (
        r,
      ) => sql`(${r.id}::uuid, ${r.endpointId}::uuid, ${r.status}::text, ${r.retryInMs === null ? null : r.retryInMs / 1000}::float8,
        ${r.responseCode}::integer, ${r.error}::text, ${r.errorClass}::text, ${r.durationMs}::integer,
        ${r.responseBody}::text, ${r.postponed}::boolean)`,
    ),
  );
  await sql`
    with input (id, endpoint_id, status, retry_secs, response_code, error, error_class, duration_ms, response_body, postponed)
      as (values ${values}),
    updated as (
      update webhook_deliveries d set
        -- Tried again later, unless its endpoint was disabled while it was sent (abandonPending).
        status = coalesce(i.status, case when w.status = 'disabled' then 'abandoned' else d.status end),
        next_attempt_at = case when i.retry_secs is null then d.next_attempt_at
          else now() + make_interval(secs => i.retry_secs) end,
        postponements = d.postponements + case when i.postponed then 1 else 0 end,
        last_response_code = i.response_code, last_error = i.error, last_duration_ms = i.duration_ms,
        lease_until = null, updated_at = now()
      from input i join webhook_endpoints w on w.id = i.endpoint_id where d.id = i.id
      returning d.id, d.last_attempt_at
    ), healthy as (
      update webhook_endpoints w set failing_since = null
      where w.failing_since is not null and w.id in (select i.endpoint_id from input i where i.status = 'succeeded')
    ), paused as (
      update webhook_endpoints w
      set paused_until = greatest(coalesce(w.paused_until, now()), now() + make_interval(secs => p.secs))
      from (select i.endpoint_id, max(i.retry_secs) as secs from input i where i.postponed group by i.endpoint_id) p
      where w.id = p.endpoint_id
    )
    insert into webhook_delivery_attempts (delivery_id, attempted_at, duration_ms, response_code, error_class, response_body)
    select i.id, coalesce(u.last_attempt_at, now()), i.duration_ms, i.response_code, i.error_class, i.response_body
    from input i join updated u on u.id = i.id
  `.execute(db);
}

export type WebhookDeliveryAttemptRow = Pick<
  Selectable<WebhookDeliveryAttemptsTable>,
  'attempted_at' | 'duration_ms' | 'response_code' | 'error_class' | 'response_body'
>;

/** A delivery's attempts, oldest first (the admin API's `attempt_history`, the admin area's delivery page). */
export async function listAttempts(db: Db, deliveryId: string): Promise<WebhookDeliveryAttemptRow[]> {
  return db
    .selectFrom('webhook_delivery_attempts')
    .select(['attempted_at', 'duration_ms', 'response_code', 'error_class', 'response_body'])
    .where('delivery_id', '=', deliveryId)
    .orderBy('attempted_at')
    .orderBy('id')
    .execute();
}

/** How many deliveries of the school's endpoint are still waiting to be sent (what disabling it abandons). */
export async function countPending(db: Db, siteId: string, endpointId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<string | number>().as('waiting'))
    .where('site_id', '=', siteId)
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.waiting);
}

/**
 * A disabled endpoint's waiting deliveries will never be sent. One an instance is sending (leased)
 * is left to its outcome, which ends it `abandoned` if it would be tried again (recordAttempts):
 * this update never waits on the outcome's row locks, so disabling an endpoint (its row locked
 * first) and recording an outcome (its deliveries first, then the endpoint) cannot wait on each
 * other in a circle. A lease whose instance died stays pending, and is sent if the endpoint is
 * enabled again: its attempt may never have reached the receiver.
 */
export async function abandonPending(db: Db, endpointId: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'abandoned', lease_until: null, updated_at: sql`now()` })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
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
