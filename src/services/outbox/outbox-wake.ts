// A nudge to the outbox worker of the same services: a message was just written, so poll soon
// instead of at the next poll interval. A hint, never the guarantee: it fires inside the writer's
// transaction, before its commit, so the worker waits a moment before claiming, and a message
// committed later or by another instance is found by the regular poll. Each createServices owns
// one, told of every write to outbox_messages by its database handle (db/table-writes.ts).
export class OutboxWake {
  readonly #listeners = new Set<() => void>();

  /** @returns a function that removes the listener */
  onEnqueued(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Bound, so the database handle's write watcher can hold it. */
  readonly enqueued = (): void => {
    for (const listener of this.#listeners) listener();
  };
}
