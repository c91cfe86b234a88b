// Which deliveries this instance sends next: a small SKIP LOCKED claimer over kysely, one
// statement per poll (db/repositories/webhook-deliveries.ts claimDue).
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
// The claim: due, pending, unleased deliveries in due order; at most `perEndpoint` in flight per
// endpoint across instances; each leased for `leaseMs` with its attempt counted. An instance
// killed mid-delivery leaves a lease that runs out, and any instance claims the delivery again:
// at least once, with the same webhook-id, so receivers deduplicate.
import type { Db } from '../../db/database.ts';
import { claimDue, type ClaimedDelivery } from '../../db/repositories/webhook-deliveries.ts';

export type ClaimOptions = { limit: number; perEndpoint: number; leaseMs: number };

export function claimDeliveries(db: Db, options: ClaimOptions): Promise<ClaimedDelivery[]> {
  return claimDue(db, options);
}
