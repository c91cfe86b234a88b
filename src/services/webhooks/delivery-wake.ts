// A nudge from a recorded event to the delivery worker of the same services: an event was just
// written, so poll soon instead of at the next poll interval. It is a hint, never the guarantee: it
// fires inside the writer's transaction (before its commit), so the worker waits a moment before
// claiming, and an event committed later, or by another instance, is found by the regular poll.
// Each createServices owns one (services/create-services.ts), told of every write to webhook_events
// by its database handle (db/table-writes.ts): two apps in one process never wake each other.
export class DeliveryWake {
  readonly #listeners = new Set<() => void>();

  /** @returns a function that removes the listener */
  onEventRecorded(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Bound, so the database handle's write watcher can hold it. */
  readonly eventRecorded = (): void => {
    for (const listener of this.#listeners) listener();
  };
}
