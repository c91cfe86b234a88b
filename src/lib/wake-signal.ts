// A nudge from a writer to the workers of the same services: a row was just written, so poll soon
// instead of at the next poll interval. A hint, never the guarantee: it fires inside the writer's
// transaction, before its commit, so a worker waits a moment before claiming, and a row committed
// later or by another instance is found by the regular poll. Each createServices owns one per
// table it watches (db/table-writes.ts): two apps in one process never wake each other.
export class WakeSignal {
  readonly #listeners = new Set<() => void>();

  /** @returns a function that removes the listener */
  listen(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Bound, so the database handle's write watcher can hold it. */
  readonly fire = (): void => {
    for (const listener of this.#listeners) listener();
  };
}

/** After a nudge, long enough for the writer's transaction to commit, as a rule. */
export const WAKE_DELAY_MS = 25;
