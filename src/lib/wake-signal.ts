// A nudge from a writer to the workers of the same services: a row was just committed, so poll now
// instead of at the next poll interval (db/committed-writes.ts fires it after COMMIT). A hint, never
// the guarantee: a row written by another instance is found by the regular poll. Each
// createServices owns one per table it watches: two apps in one process never wake each other.
/** A listener is told the rows the INSERT returned, when it returned any: which work was added. */
export type WakeListener = (rows: readonly Record<string, unknown>[]) => void;

export class WakeSignal {
  readonly #listeners = new Set<WakeListener>();

  /** @returns a function that removes the listener */
  listen(listener: WakeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Bound, so the database handle's write watcher can hold it. */
  readonly fire = (rows: readonly Record<string, unknown>[] = []): void => {
    for (const listener of this.#listeners) listener(rows);
  };
}
