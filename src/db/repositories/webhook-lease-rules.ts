// The terms every lease of webhook deliveries is counted by, a claim's (claimDue) as a writer's
// (webhook-leases.ts): one endpoint's advisory lock, its attempts in flight, its attempts of the
// last second, all on the clock of the statement that counts and stamps them (statement_timestamp:
// a claim's transaction may have begun long before, waiting for the claim lock).
import { sql, type RawBuilder } from 'kysely';

/** The advisory lock key of one endpoint's leases (text: the caller's uuid column or parameter). */
export function endpointLockKey(endpointId: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`hashtextextended('webhook-endpoint:' || ${endpointId}::text, 0)`;
}

/** Attempts in flight to `endpoint`: leased, not yet recorded, save those known to have ended. */
export function inFlightOf(endpoint: RawBuilder<unknown>, ended: readonly string[]): RawBuilder<number> {
  return sql<number>`(
    select count(*) from webhook_deliveries f
    where f.endpoint_id = ${endpoint} and f.status = 'pending' and f.lease_until >= statement_timestamp()
      and not (f.id = any(${ended}::uuid[])))`;
}

/** Attempts started on `endpoint` within the last second (its max_deliveries_per_second). */
export function recentOf(endpoint: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(
    select count(*) from webhook_deliveries f
    where f.endpoint_id = ${endpoint} and f.last_attempt_at > statement_timestamp() - interval '1 second')`;
}
