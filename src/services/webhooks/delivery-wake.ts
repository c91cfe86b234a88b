// A nudge from recordEvent to this process's delivery worker: an event was just written, so poll
// soon instead of at the next poll interval. It is a hint, never the guarantee: it fires inside the
// writer's transaction (before its commit), so the worker waits a moment before claiming, and an
// event committed later, or by another instance, is found by the regular poll.
const listeners = new Set<() => void>();

/** @returns a function that removes the listener */
export function onEventRecorded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function eventRecorded(): void {
  for (const listener of listeners) listener();
}
