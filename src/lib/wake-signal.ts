// A nudge from a writer to the workers of the same services: a row was just committed, so poll now
// instead of at the next poll interval (db/committed-writes.ts fires it after COMMIT). A hint, never
// the guarantee: a row written by another instance is found by the regular poll. Each
// createServices owns one per table it watches: two apps in one process never wake each other.
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
