// docs/operations.md "Running on several cores": when a worker stops on its own (a crash, an uncaught error,
// a SIGTERM sent to that worker alone), the primary starts another in its place, after a wait that
// doubles with each failure in a row, so a worker that dies at start (a bad deployment, a database
// that refuses it) is retried every 30 s at most, not in a hot loop. A worker that had served
// for STABLE_MS before it stopped starts the count again: its stop says nothing of the next one.

export const FIRST_RESTART_DELAY_MS = 1_000;
export const MAX_RESTART_DELAY_MS = 30_000;
export const STABLE_MS = 30_000;

/**
 * `failures`: the failures in a row so far; `servedMs`: how long the worker that stopped had been
 * serving (null when it stopped before it served). Returns the new count and the wait before the
 * next worker starts.
 */
export function nextRestart(failures: number, servedMs: number | null): { failures: number; delayMs: number } {
  const inARow = servedMs !== null && servedMs >= STABLE_MS ? 1 : failures + 1;
  const delayMs = Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** Math.min(inARow - 1, 16));
  return { failures: inARow, delayMs };
}
