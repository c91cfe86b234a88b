// What a worker tells its primary over the node:cluster channel
// (docs/operations.md "Running on several cores"). Kept apart from prom-client's own messages (metrics/cluster-metrics.ts) by their type.

/** Sent once the worker listens and its background jobs run: it now serves. */
export const WORKER_READY = 'course-school:worker-ready';

export function isWorkerReady(message: unknown): boolean {
  return (message as { type?: unknown } | null)?.type === WORKER_READY;
}

/** Tells the primary this worker serves; nothing when the process is not a cluster worker. */
export function announceReady(): void {
  process.send?.({ type: WORKER_READY });
}
