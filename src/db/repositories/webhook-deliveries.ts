// SQL of webhook deliveries: the admin API's delivery log, and the work queue the delivery worker
// claims from (services/webhooks/claimer.ts says why this is not a job library's queue).
import { sql, type Selectable } from 'kysely';
import type { Db } from '../database.ts';
import type { WebhookDeliveriesTable, WebhookDeliveryAttemptsTable } from '../schema-webhooks.ts';
import type { Keyset } from '../pagination/cursor.ts';
import { columnKey, keyset, timeText, type SortSpec } from '../pagination/keyset.ts';
import { hotQuery } from '../hot-queries.ts';
import { OWNER_FACTS_TEXT, type EndpointOwnerFacts } from './webhook-endpoints.ts';

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
  /** Its slot of the endpoint's in-flight bound (claimDue). */
  lease_slot: number;
  /** `last_attempt_at` before this claim counted its attempt (what releaseClaims restores). */
  previous_attempt_at: Date | null;
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

/** What a claim may take (services/webhooks/claimer.ts). */
export type ClaimLimits = {
  limit: number;
  /** Slots per endpoint: requests in flight to it at once, across instances. */
  perEndpoint: number;
  /** Deliveries this instance may hold on a slot of a `deep` endpoint: the one in flight and those next on it. */
  perSlot: number;
  /** Endpoints whose receivers keep up (answered fast and well here of late): the others get one delivery per slot. */
  deep: readonly string[];
  leaseMs: number;
  /** The claiming worker's id (`lease_owner`). */
  owner: string;
};

/**
 * One poll of the worker, in `trx`: leases up to `limit` due deliveries, each on a slot of its
 * endpoint (`lease_slot`). An endpoint has `perEndpoint` slots; a slot with a live lease of another
 * instance is theirs, and one of this instance's holds at most one delivery, or `perSlot` for a
 * `deep` endpoint, which the worker sends one after another: so at most `perEndpoint` are in
 * flight to an endpoint across instances, and the next is at hand when one is answered. Free places
 * are filled shallowest first, so a slot with nothing in flight is used before a deck grows. An
 * endpoint with a `max_deliveries_per_second` gets no more attempts started within the last second
 * than that; one paused by its receiver's Retry-After (`paused_until`) is passed over. Counts the
 * attempt, and returns each delivery's `last_attempt_at` from before it (what giving the claim back
 * restores, releaseClaims). FOR UPDATE SKIP LOCKED keeps two claims from taking the same row; the
 * lease brings back the claims of an instance that died before recording an outcome. Claims take
 * turns under an advisory lock held to the end of `trx`: two claims at once would each count only
 * the leases committed before they began, and together exceed the bounds (several instances, or
 * WEB_CONCURRENCY workers, polling at the same moment). A claim is one short statement.
 */
export async function claimDue(trx: Db, options: ClaimLimits): Promise<ClaimedRow[]> {
  await claimTurn(trx, []);
  return claimStatement(trx, [
    options.owner,
    options.perEndpoint,
    options.perSlot,
    options.deep,
    options.limit,
    options.leaseMs / 1000,
    SEQUENCE(0, options.perEndpoint - 1),
    SEQUENCE(1, Math.max(options.perSlot, 1)),
  ]);
}

// The claim runs once per busy endpoint's turn: written once as SQL text (db/hot-queries.ts), so it
// skips the query builder and PostgreSQL plans it once per connection. Parameters: $1 the owner,
// $2 perEndpoint, $3 perSlot, $4 the deep endpoints, $5 the limit, $6 the lease in seconds, $7 the
// slots 0 … perEndpoint - 1 and $8 the depths 1 … perSlot as arrays: PostgreSQL prices a
// generate_series of parameters at a thousand rows, and with that guess the generic plan cost so
// much that the custom plan was made at every claim (bench/FINDINGS.md "Named statements").
const claimTurn = hotQuery<unknown>(
  'webhook_claim_turn',
  `select pg_advisory_xact_lock(hashtextextended('webhook-claim', 0))`,
);
/** from, from + 1, …, to. */
const SEQUENCE = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const RECENT = (endpoint: string) => `(
    select count(*) from webhook_deliveries f
    where f.endpoint_id = ${endpoint} and f.last_attempt_at > now() - interval '1 second')`;
const SLOT_DEPTH = (endpoint: string) => `case when ${endpoint} = any($4::uuid[]) then $3::integer else 1 end`;
const claimStatement = hotQuery<ClaimedRow>(
  'webhook_claim',
  `with held as (
      -- Every live lease by endpoint and slot: another instance's, or how many of this one's.
      select f.endpoint_id, f.lease_slot, bool_or(f.lease_owner is distinct from $1::uuid) as taken,
        count(*) as mine
      from webhook_deliveries f
      where f.status = 'pending' and f.lease_until is not null and f.lease_until >= now()
        and f.lease_slot < $2::integer
      group by f.endpoint_id, f.lease_slot
    ), closed as (
      -- Endpoints none of whose slots has room for this instance (a slow receiver, another
      -- instance's): their backlog is passed over, so that it never fills the candidates and
      -- holds back others.
      select h.endpoint_id from held h
      where h.taken or h.mine >= ${SLOT_DEPTH('h.endpoint_id')}
      group by h.endpoint_id having count(*) >= $2::integer
    ), candidates as (
      select d.id, d.endpoint_id, d.next_attempt_at, d.last_attempt_at as previous_attempt_at
      from webhook_deliveries d
      where d.status = 'pending' and d.next_attempt_at <= now() and (d.lease_until is null or d.lease_until < now())
        and d.endpoint_id not in (select c.endpoint_id from closed c)
        and not exists (
          select 1 from webhook_endpoints p where p.id = d.endpoint_id and (
            p.paused_until > now()
            or case when p.max_deliveries_per_second is null then false
              else p.max_deliveries_per_second <= ${RECENT('p.id')} end))
      order by d.next_attempt_at
      limit $5::integer * 4
      for update of d skip locked
    ), ranked as (
      select c.id, c.endpoint_id, c.previous_attempt_at,
        row_number() over (partition by c.endpoint_id order by c.next_attempt_at, c.id) as position
      from candidates c
    ), places as (
      -- Each free place on the slots this instance may use, shallowest first.
      select e.endpoint_id, k.slot,
        row_number() over (partition by e.endpoint_id order by coalesce(h.mine, 0) + n.depth, k.slot) as position
      from (select distinct endpoint_id from candidates) e
      cross join unnest($7::integer[]) k (slot)
      left join held h on h.endpoint_id = e.endpoint_id and h.lease_slot = k.slot
      cross join unnest($8::integer[]) n (depth)
      where not coalesce(h.taken, false) and n.depth <= ${SLOT_DEPTH('e.endpoint_id')} - coalesce(h.mine, 0)
    ), rated as (
      -- Once per endpoint with a rate, not per candidate: under load an endpoint's last second
      -- holds hundreds of attempts, and counting them per candidate made each claim dearer the
      -- faster deliveries went.
      select e.endpoint_id, p.max_deliveries_per_second - ${RECENT('e.endpoint_id')} as free
      from (select distinct endpoint_id from candidates) e join webhook_endpoints p on p.id = e.endpoint_id
      where p.max_deliveries_per_second is not null
    ), chosen as (
      select r.id, r.previous_attempt_at, pl.slot from ranked r
      join places pl on pl.endpoint_id = r.endpoint_id and pl.position = r.position
      left join rated on rated.endpoint_id = r.endpoint_id
      where rated.free is null or r.position <= rated.free
      order by r.position, r.id
      limit $5::integer
    )
    update webhook_deliveries d
    set lease_until = now() + make_interval(secs => $6::float8),
        lease_owner = $1::uuid, lease_slot = chosen.slot,
        attempts = d.attempts + 1, last_attempt_at = now(), updated_at = now()
    from chosen, webhook_endpoints w, webhook_events e, sites s
    where d.id = chosen.id and w.id = d.endpoint_id and w.status = 'enabled' and e.id = d.event_id
      and s.id = w.site_id
    returning d.id, d.site_id, d.event_id, d.endpoint_id, d.attempts, d.postponements, d.lease_slot,
      chosen.previous_attempt_at, w.url, e.type as event_type, e.payload, ${OWNER_FACTS_TEXT},
      (select coalesce(json_agg(json_build_object('id', k.id, 'secret_ciphertext', k.secret_ciphertext)
          order by k.created_at desc), '[]'::json)
        from webhook_endpoint_secrets k
        where k.endpoint_id = d.endpoint_id and (k.expires_at is null or k.expires_at > now())) as secrets`,
);

/**
 * Gives claims back unsent (a worker stopping, an endpoint paused or disabled meanwhile, a lease
 * too short for what waited before it): unleased, their attempt uncounted and `last_attempt_at` as
 * it was, due as before. Only a claim still this owner's and at the attempt it counted: one whose
 * lease ran out and was claimed again is left to its new holder.
 */
export async function releaseClaims(
  db: Db,
  owner: string,
  claims: readonly { id: string; attempts: number; previous_attempt_at: Date | null }[],
): Promise<void> {
  if (claims.length === 0) return;
  const values = sql.join(
    claims.map((c) => sql`(${c.id}::uuid, ${c.attempts}::integer, ${c.previous_attempt_at}::timestamptz)`),
  );
  await sql`
    update webhook_deliveries d
    set lease_until = null, lease_owner = null, lease_slot = null, attempts = d.attempts - 1,
      last_attempt_at = c.previous, updated_at = now()
    from (values ${values}) c (id, attempts, previous)
    where d.id = c.id and d.status = 'pending' and d.lease_until is not null and d.lease_owner = ${owner}::uuid
      and d.attempts = c.attempts
  `.execute(db);
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
  await recordStatement(db, [
    records.map((r) => r.id),
    records.map((r) => r.endpointId),
    records.map((r) => r.status),
    records.map((r) => (r.retryInMs === null ? null : r.retryInMs / 1000)),
    records.map((r) => r.responseCode),
    records.map((r) => r.error),
    records.map((r) => r.errorClass),
    records.map((r) => r.durationMs),
    records.map((r) => r.responseBody),
    records.map((r) => r.postponed),
  ]);
}

// One text for any number of outcomes (a column of each as an array, unnest), so that it is
// prepared once per connection like the claim it shares a transaction with.
const recordStatement = hotQuery<never>(
  'webhook_record_attempts',
  `with input as (
      select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::float8[], $5::integer[], $6::text[], $7::text[],
        $8::integer[], $9::text[], $10::boolean[])
        as i (id, endpoint_id, status, retry_secs, response_code, error, error_class, duration_ms, response_body, postponed)
    ), updated as (
      update webhook_deliveries d set
        -- Tried again later, unless its endpoint was disabled while it was sent (abandonPending).
        status = coalesce(i.status, case when w.status = 'disabled' then 'abandoned' else d.status end),
        next_attempt_at = case when i.retry_secs is null then d.next_attempt_at
          else now() + make_interval(secs => i.retry_secs) end,
        postponements = d.postponements + case when i.postponed then 1 else 0 end,
        last_response_code = i.response_code, last_error = i.error, last_duration_ms = i.duration_ms,
        lease_until = null, lease_owner = null, lease_slot = null, updated_at = now()
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
    from input i join updated u on u.id = i.id`,
);

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

/** A delivery no worker holds: its lease, holder and slot go together (claimDue). */
const NO_LEASE = { lease_until: null, lease_owner: null, lease_slot: null } as const;

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
    .set({ status: 'abandoned', ...NO_LEASE, updated_at: sql`now()` })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
    .execute();
}

/** Redelivery: the same delivery (same event, same webhook-id) is due again at once. */
export async function requeueDelivery(db: Db, siteId: string, id: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: sql`now()`, ...NO_LEASE, updated_at: sql`now()` })
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .execute();
}
