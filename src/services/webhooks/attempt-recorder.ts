// Attempts' outcomes written together (/webhooks.md "History"): each finished attempt
// joins a queue, and one statement (recordAttempts) writes all that queued while the previous one
// ran. An idle endpoint's attempt is written at once, alone; under load, many share a statement
// and a transaction instead of paying for one each. `record` resolves once its outcome is
// committed, so a caller that acts on it next (disabling an endpoint) acts after it.
import type { Db } from '../../db/database.ts';
import { recordAttempts, type AttemptRecord } from '../../db/repositories/webhook-deliveries.ts';

/** Outcomes per statement at most: bounds one statement's size. */
const MAX_BATCH = 200;

type Queued = { record: AttemptRecord; resolve: () => void; reject: (error: unknown) => void };

export class AttemptRecorder {
  readonly #db: Db;
  #queue: Queued[] = [];
  #writing: Promise<void> | null = null;

  constructor(db: Db) {
    this.#db = db;
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
        await recordAttempts(
          this.#db,
          batch.map((q) => q.record),
        );
        for (const q of batch) q.resolve();
      } catch (error) {
        for (const q of batch) q.reject(error);
      }
    }
    this.#writing = null;
  }
}
