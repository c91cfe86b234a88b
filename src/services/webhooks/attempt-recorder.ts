// Attempts' outcomes written together (/webhooks.md "History"): each finished attempt joins a
// queue. The next transaction that records an event on this instance writes what is queued, before
// leasing (take, lease-at-write.ts), so while events are written outcomes cost no transaction of
// their own; what none took within WINDOW_MS is written by one statement and transaction of its
// own, sooner when MAX_BATCH are waiting, at once when the worker stops. Until an outcome is
// committed its lease says "in flight" to other instances (a conservative count), while this
// instance's leases and claims leave it out (`ended`); if the instance dies first, the lease runs
// out and the delivery is sent again with the same webhook-id (at least once). `record` resolves
// once its outcome is committed, so a caller that acts on it next (disabling an endpoint) acts
// after it.
import type { Db } from '../../db/database.ts';
import { recordAttempts, type AttemptRecord } from '../../db/repositories/webhook-deliveries.ts';

/** Outcomes per statement at most: bounds one statement's size. */
const MAX_BATCH = 200;
/** How long the first outcome of a batch waits for others: a few ms of delay in the history, a transaction saved per outcome under load. */
export const WINDOW_MS = 15;

/** Outcomes taken to be written in another's transaction (AttemptRecorder.take). */
export type TakenOutcomes = { records: AttemptRecord[]; committed(): void; rolledBack(): void };

type Queued = { record: AttemptRecord; resolve: () => void; reject: (error: unknown) => void };

export class AttemptRecorder {
  readonly #db: Db;
  readonly #windowMs: number;
  #queue: Queued[] = [];
  /** Ids queued or being written: attempts that ended, their outcome not yet committed. */
  readonly #unwritten = new Map<string, string>();
  #writing: Promise<void> | null = null;
  #flushNow: (() => void) | null = null;
  /** The worker is stopping: no more waiting for company. */
  #hurry = false;

  constructor(db: Db, windowMs = WINDOW_MS) {
    this.#db = db;
    this.#windowMs = windowMs;
  }

  record(record: AttemptRecord): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ record, resolve, reject });
      this.#unwritten.set(record.id, record.endpointId);
      this.#writing ??= this.#drain();
      if (this.#queue.length >= MAX_BATCH || this.#hurry) this.#flushNow?.();
    });
  }

  /**
   * What is queued, for a transaction of another's to write (lease-at-write.ts: the transaction that
   * records an event writes the outcomes waiting, no transaction of their own); `committed` settles
   * them, `rolledBack` queues them again.
   */
  take(): TakenOutcomes | undefined {
    const batch = this.#queue.splice(0, MAX_BATCH);
    if (batch.length === 0) return undefined;
    return {
      records: batch.map((q) => q.record),
      committed: () => {
        for (const q of batch) {
          this.#unwritten.delete(q.record.id);
          q.resolve();
        }
      },
      rolledBack: () => {
        this.#queue.unshift(...batch);
        this.#writing ??= this.#drain();
        if (this.#hurry) this.#flushNow?.();
      },
    };
  }

  /** How many attempts to `endpointId` ended here, their outcome not yet committed. */
  endedFor(endpointId: string): number {
    let ended = 0;
    for (const endpoint of this.#unwritten.values()) if (endpoint === endpointId) ended++;
    return ended;
  }

  /** Deliveries whose attempt ended here and whose outcome is not yet committed. */
  ended(): string[] {
    return [...this.#unwritten.keys()];
  }

  /** Writes what is queued at once and resolves once everything is written (the worker's stop). */
  async idle(): Promise<void> {
    this.#hurry = true;
    this.#flushNow?.();
    while (this.#writing) await this.#writing;
    this.#hurry = false;
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) {
      if (!this.#hurry && this.#queue.length < MAX_BATCH)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, this.#windowMs);
          function done(): void {
            clearTimeout(timer);
            resolve();
          }
          this.#flushNow = done;
        });
      this.#flushNow = null;
      const batch = this.#queue.splice(0, MAX_BATCH);
      if (batch.length === 0) continue;
      try {
        await recordAttempts(
          this.#db,
          batch.map((q) => q.record),
        );
        for (const q of batch) q.resolve();
      } catch (error) {
        for (const q of batch) q.reject(error);
      } finally {
        for (const q of batch) this.#unwritten.delete(q.record.id);
      }
    }
    this.#writing = null;
  }
}
