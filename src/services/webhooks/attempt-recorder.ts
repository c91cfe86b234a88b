// Attempts' outcomes written together (/webhooks.md "History"): each finished attempt joins a
// queue, and one statement (recordAttempts), one transaction, writes what queued within a short
// window (WINDOW_MS), sooner when MAX_BATCH are waiting, at once when the worker stops. An outcome
// need not be written the instant it is known: until it is, its lease says "in flight" to other
// instances (a conservative count), while this instance's leases at write and claims leave it out
// (`ended`); if the instance dies first, the lease runs out and the delivery is sent again with the
// same webhook-id (at least once). `record` resolves once its outcome is committed, so a caller
// that acts on it next (disabling an endpoint) acts after it.
import type { Db } from '../../db/database.ts';
import { recordAttempts, type AttemptRecord } from '../../db/repositories/webhook-deliveries.ts';

/** Outcomes per statement at most: bounds one statement's size. */
const MAX_BATCH = 200;
/** How long the first outcome of a batch waits for others: a few ms of delay in the history, a transaction saved per outcome under load. */
export const WINDOW_MS = 15;

type Queued = { record: AttemptRecord; resolve: () => void; reject: (error: unknown) => void };

export class AttemptRecorder {
  readonly #db: Db;
  readonly #windowMs: number;
  #queue: Queued[] = [];
  /** Ids queued or being written: attempts that ended, their outcome not yet committed. */
  readonly #unwritten = new Set<string>();
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
      this.#unwritten.add(record.id);
      this.#writing ??= this.#drain();
      if (this.#queue.length >= MAX_BATCH || this.#hurry) this.#flushNow?.();
    });
  }

  /** Deliveries whose attempt ended here and whose outcome is not yet committed. */
  ended(): string[] {
    return [...this.#unwritten];
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
