// Attempts' outcomes written together (/webhooks.md "History"): each finished attempt
// joins a queue, and one statement (recordAttempts) writes all that queued while the previous one
// ran. An idle endpoint's attempt is written at once, alone; under load, many share a statement
// and a transaction instead of paying for one each. `record` resolves once its outcome is
// committed, so a caller that acts on it next (disabling an endpoint) acts after it.
// When the attempts of a batch freed slots that held work back, the worker's claim of what may go
// next runs in the same transaction, after the outcomes (RefillHook): one transaction per busy
// endpoint's turn instead of two.
import type { Db } from '../../db/database.ts';
import { recordAttempts, type AttemptRecord } from '../../db/repositories/webhook-deliveries.ts';

/** Outcomes per statement at most: bounds one statement's size. */
const MAX_BATCH = 200;

type Queued = { record: AttemptRecord; resolve: () => void; reject: (error: unknown) => void };

/** What the worker does in the transaction of a batch whose attempts freed slots that held work back. */
export type RefillHook = {
  /** Whether this batch's transaction should claim (decided before it starts). */
  wants(records: readonly AttemptRecord[]): boolean;
  /** Runs in the batch's transaction, after its outcomes; what it returns runs once committed. */
  within(trx: Db, records: readonly AttemptRecord[]): Promise<() => void>;
  /** The combined transaction failed: the outcomes are then written alone. */
  failed(error: unknown): void;
};

export class AttemptRecorder {
  readonly #db: Db;
  readonly #refill: RefillHook | undefined;
  #queue: Queued[] = [];
  #writing: Promise<void> | null = null;

  constructor(db: Db, refill?: RefillHook) {
    this.#db = db;
    this.#refill = refill;
  }

  record(record: AttemptRecord): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ record, resolve, reject });
      this.#writing ??= this.#drain();
    });
  }

  /** Resolves once everything queued is written (the worker's stop). */
  async idle(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  async #drain(): Promise<void> {
    // The first write waits one turn of the event loop, so attempts that end together share it.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0, MAX_BATCH);
      try {
        const committed = await this.#write(batch.map((q) => q.record));
        committed?.();
        for (const q of batch) q.resolve();
      } catch (error) {
        for (const q of batch) q.reject(error);
      }
    }
    this.#writing = null;
  }

  /** Writes `records`, with the refill in the same transaction when it is wanted; what to run once committed. */
  async #write(records: AttemptRecord[]): Promise<(() => void) | undefined> {
    const refill = this.#refill;
    if (refill?.wants(records)) {
      try {
        return await this.#db.transaction().execute(async (trx) => {
          await recordAttempts(trx, records);
          return refill.within(trx, records);
        });
      } catch (error) {
        // The outcomes matter more than the claim, which the next poll makes anyway.
        refill.failed(error);
      }
    }
    await recordAttempts(this.#db, records);
    return undefined;
  }
}
