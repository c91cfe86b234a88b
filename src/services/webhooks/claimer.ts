// Which deliveries this instance sends next: a small SKIP LOCKED claimer over kysely, one
// statement per poll (db/repositories/webhook-deliveries.ts claimDue) that also reads what sending
// them needs (each endpoint's live secrets and its owner's standing), so that a claim costs one
// round trip after its lock, however many endpoints it serves.
//
// Why not a job library. pg-boss (10.4 and 12.38 tried) does run on embedded PGlite through its
// custom `db` adapter, and graphile-worker does not (it needs a pg.Pool of several connections
// and LISTEN/NOTIFY, which this project's PGlite, one in-process connection behind kysely, lacks).
// pg-boss was still not taken, because:
// - the queue would be a second record of every delivery: the admin API lists deliveries with
//   status, attempts, response code and timing, and redelivers one, so webhook_deliveries must
//   exist anyway; a pg-boss job beside each row must then be kept in step with it across crashes
//   (a job completed whose row still says pending, or the reverse);
// - pg-boss creates and migrates its own schema at start, outside this project's frozen,
//   timestamped migrations, and runs its own maintenance and monitoring loops on PGlite's one
//   connection; its multi-statement commands need an adapter that returns every statement's
//   rows (12.38 with a plain PGlite adapter: "claim returned no lock row");
// - per-endpoint concurrency, the outbox fan-out in the caller's transaction and the lease are
//   one UPDATE ... FROM (SELECT ... FOR UPDATE SKIP LOCKED) here, the pattern such libraries use.
//
// The claim: due, pending, unleased deliveries in due order, each on a slot of its endpoint: at
// most `perEndpoint` slots per endpoint, a slot held by one instance at a time, which sends the
// deliveries it holds on it one after another; each leased for `leaseMs` with its attempt
// counted. An instance killed mid-delivery leaves a lease that runs out, and any instance claims
// the delivery again: at least once, with the same webhook-id, so receivers deduplicate.
import type { Db } from '../../db/database.ts';
import {
  claimDue,
  type ClaimLimits,
  type ClaimedDelivery,
  type ClaimedRow,
  type SealedSecretRow,
} from '../../db/repositories/webhook-deliveries.ts';
import type { EndpointOwnerFacts } from '../../db/repositories/webhook-endpoints.ts';

export type ClaimOptions = ClaimLimits;

export type ClaimedBatch = {
  deliveries: ClaimedDelivery[];
  /** Each claimed delivery's endpoint: its owner's facts (owner-standing.ts) and live secrets, newest first. */
  endpoints: Map<string, { owner: EndpointOwnerFacts; secrets: SealedSecretRow[] }>;
};

/** One poll's claim and what sending it needs, in one transaction. */
export function claimBatch(db: Db, options: ClaimOptions): Promise<ClaimedBatch> {
  return db.transaction().execute((trx) => claimWithin(trx, options));
}

/** The same claim in a transaction the caller holds (the attempt recorder's, after a batch of outcomes). */
export async function claimWithin(trx: Db, options: ClaimOptions): Promise<ClaimedBatch> {
  return batchOf(await claimDue(trx, options));
}

/** The claimed rows split into deliveries and their endpoints' facts, which every row of an endpoint repeats. */
function batchOf(rows: ClaimedRow[]): ClaimedBatch {
  const endpoints: ClaimedBatch['endpoints'] = new Map();
  const deliveries = rows.map(({ owner_person_id, roles, mcp_connections, secrets, ...delivery }) => {
    if (!endpoints.has(delivery.endpoint_id))
      endpoints.set(delivery.endpoint_id, { owner: { owner_person_id, roles, mcp_connections }, secrets });
    return delivery;
  });
  return { deliveries, endpoints };
}

export async function claimDeliveries(db: Db, options: ClaimOptions): Promise<ClaimedDelivery[]> {
  return (await claimBatch(db, options)).deliveries;
}
