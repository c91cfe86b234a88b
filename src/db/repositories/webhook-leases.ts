// SQL of the lease at write (services/webhooks/lease-at-write.ts): the transaction that records
// events leases their new deliveries to its own instance as its last statements, under the same
// rules as the worker's claim (claimDue), and reads what sending them needs in the same statement.
//
// The bound on attempts in flight per endpoint holds across instances and writers because every
// lease of an endpoint's deliveries, a claim's or a writer's, is taken under that endpoint's
// advisory lock (endpointLockKey), held to the end of the leasing transaction, and counts the
// leases in flight in a statement that begins after the lock was granted: under READ COMMITTED it
// sees every lease the lock's previous holder committed.
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import type { ClaimedDelivery } from './webhook-deliveries.ts';
import type { EndpointOwnerFacts, WebhookSecretRow } from './webhook-endpoints.ts';
import { endpointLockKey, inFlightOf, recentOf } from './webhook-lease-rules.ts';

/** A delivery leased at write, with its endpoint's owner facts and live secrets. */
export type LeasedDelivery = ClaimedDelivery & {
  owner: EndpointOwnerFacts;
  secrets: Array<Pick<WebhookSecretRow, 'id' | 'secret_ciphertext'>>;
};

export type LeaseOptions = {
  /** The events recorded in this transaction. */
  eventIds: readonly string[];
  perEndpoint: number;
  leaseMs: number;
  /** How many this instance may still take. */
  limit: number;
  /** Attempts of this instance that ended, their outcome not yet written: no longer in flight. */
  ended: readonly string[];
};

/**
 * Takes the locks of the endpoints the events' waiting deliveries go to, in endpoint order (so that
 * two writers never wait on each other in a cycle; a claim never waits for one, it passes over).
 * @returns how many of the events' deliveries wait, by endpoint
 */
export async function lockEndpointsOfEvents(trx: Db, eventIds: readonly string[]): Promise<Map<string, number>> {
  // PostgreSQL evaluates volatile functions of the select list after ORDER BY ("SELECT", "ORDER BY
  // Clause"), so the locks are taken in the order of the ids.
  const { rows } = await sql<{ endpoint_id: string; waiting: number }>`
    select d.endpoint_id, count(*) as waiting,
      pg_advisory_xact_lock(${endpointLockKey(sql.ref('d.endpoint_id'))})::text as locked
    from webhook_deliveries d
    where d.event_id = any(${eventIds}::uuid[]) and d.status = 'pending' and d.lease_until is null
    group by d.endpoint_id order by d.endpoint_id`.execute(trx);
  return new Map(rows.map((row) => [row.endpoint_id, Number(row.waiting)]));
}

/**
 * Leases the events' waiting deliveries by the claim's rules (claimDue): the endpoint enabled, not
 * paused, under its max_deliveries_per_second, fewer than `perEndpoint` in flight; the attempt
 * counted. Call after lockEndpointsOfEvents, in the same transaction.
 */
export async function leaseEventDeliveries(trx: Db, options: LeaseOptions): Promise<LeasedDelivery[]> {
  if (options.limit <= 0) return [];
  const { rows } = await sql<LeasedDelivery>`
    with ranked as (
      select d.id, d.endpoint_id,
        row_number() over (partition by d.endpoint_id order by d.created_at, d.id) as position
      from webhook_deliveries d
      where d.event_id = any(${options.eventIds}::uuid[]) and d.status = 'pending' and d.lease_until is null
    ), chosen as (
      select r.id from ranked r join webhook_endpoints p on p.id = r.endpoint_id
      where p.status = 'enabled' and (p.paused_until is null or p.paused_until <= statement_timestamp())
        and r.position <= least(
          ${options.perEndpoint} - ${inFlightOf(sql.ref('r.endpoint_id'), options.ended)},
          coalesce(p.max_deliveries_per_second - ${recentOf(sql.ref('r.endpoint_id'))}, ${options.perEndpoint}))
      order by r.position
      limit ${options.limit}
    )
    update webhook_deliveries d
    set lease_until = statement_timestamp() + make_interval(secs => ${options.leaseMs / 1000}),
        attempts = d.attempts + 1, last_attempt_at = statement_timestamp(), updated_at = statement_timestamp()
    from chosen, webhook_endpoints w, webhook_events e, sites s
    where d.id = chosen.id and w.id = d.endpoint_id and e.id = d.event_id and s.id = w.site_id
    returning d.id, d.site_id, d.event_id, d.endpoint_id, d.attempts, d.postponements, w.url,
      e.type as event_type, e.payload,
      json_build_object(
        'owner_person_id', w.owner_person_id,
        'roles', array(select r.role from site_roles r where r.site_id = w.site_id and r.person_id = w.owner_person_id),
        'mcp_connections', coalesce(s.beta_features -> 'mcp_connections' = 'true'::jsonb, false)) as owner,
      coalesce((select json_agg(json_build_object('id', x.id, 'secret_ciphertext', x.secret_ciphertext)
          order by x.created_at desc)
        from webhook_endpoint_secrets x
        where x.endpoint_id = d.endpoint_id and (x.expires_at is null or x.expires_at > statement_timestamp())),
        '[]'::json) as secrets
  `.execute(trx);
  return rows;
}
