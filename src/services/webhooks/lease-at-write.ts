// The fast path from a commit to a receiver: when the instance that records an event runs a
// delivery worker, the recording transaction leases the event's deliveries to that worker as its
// last statements (db/commit-hooks.ts beforeCommit; db/repositories/webhook-leases.ts: the claim's
// rules, the endpoint's advisory lock, owner facts and live secrets in the same statement), and the
// worker sends them once COMMIT returned (afterCommit): no nudge to wait for, no claim transaction.
// What the lease leaves (the endpoint at its bound or rate, paused, disabled) stays pending for
// the worker's claim, which is asked for at once after the commit. The same transaction first
// writes the outcomes of earlier attempts waiting in the worker's recorder (attempt-recorder.ts
// take). A rollback takes the leases with it, nothing is sent, and the outcomes queue again.
//
// A writer waits for an endpoint's lock held by another lease instead of passing over it: each
// holds it for two statements and COMMIT, and with the bench's 4 writers to one endpoint passing
// over left about half the deliveries to the claim (a transaction and a poll each; 29-77 against
// 63-109 events/s, bench/RESULTS.md). No cycle of waits can form: a transaction takes its locks in
// one statement, in endpoint order, as its last step before COMMIT, and then waits for nothing;
// a claim never waits for an endpoint's lock.
//
// The lane is a kysely plugin that changes nothing: it rides on the services' database handle, so
// that recordEvent finds the lane of whichever services' transaction it writes in (laneOf).
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { commitScopeOf } from '../../db/commit-hooks.ts';
import type { Db } from '../../db/database.ts';
import type { LeasedDelivery } from '../../db/repositories/webhook-leases.ts';
import type { TakenOutcomes } from './attempt-recorder.ts';

/** A transaction's leases, and the endpoints of deliveries it left waiting. */
export type Leases = {
  leased: LeasedDelivery[];
  leftFor: string[];
  /** Outcomes of earlier attempts written in the same transaction (attempt-recorder.ts take). */
  outcomes?: TakenOutcomes | undefined;
};

/** What the lane asks of the worker it feeds (delivery-worker.ts). */
export type LaneWorker = {
  /** In the recording transaction, before COMMIT: leases what may go now. */
  lease(trx: Db, eventIds: readonly string[]): Promise<Leases>;
  /** After COMMIT: sends the leased deliveries; those left waiting are the claim's. */
  committed(leases: Leases): void;
  /** Outside a transaction, or without commit hooks: the nudge (poll soon). */
  wake(): void;
};

export class DeliveryLane implements KyselyPlugin {
  #worker: LaneWorker | null = null;

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    return node;
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }

  /** @returns a function that detaches the worker (its stop) */
  attach(worker: LaneWorker): () => void {
    this.#worker = worker;
    return () => {
      if (this.#worker === worker) this.#worker = null;
    };
  }

  /** An event with waiting deliveries was written in `trx`. */
  async noteEvent(trx: Db, eventId: string): Promise<void> {
    const worker = this.#worker;
    if (!worker) return;
    const scope = await commitScopeOf(trx);
    if (!scope) {
      worker.wake();
      return;
    }
    let events = scope.local.get(this) as string[] | undefined;
    if (events) {
      events.push(eventId);
      return;
    }
    events = [eventId];
    scope.local.set(this, events);
    const noted = events;
    let outcome: Leases | undefined;
    // One lease for every event of the transaction, as late as it can be: the endpoints' locks are
    // held from it to COMMIT only.
    scope.beforeCommit(async () => {
      outcome = await worker.lease(trx, noted);
    });
    scope.afterCommit(() => {
      outcome?.outcomes?.committed();
      if (outcome) worker.committed(outcome);
    });
    scope.afterRollback(() => outcome?.outcomes?.rolledBack());
  }
}

/** The lane of the services whose handle `db` comes from, if any. */
export function laneOf(db: Db): DeliveryLane | undefined {
  return db.getExecutor().plugins.find((plugin): plugin is DeliveryLane => plugin instanceof DeliveryLane);
}
