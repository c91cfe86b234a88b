// docs/operations.md "Running on several cores": WEB_CONCURRENCY is the number of processes that serve the
// port, the name Heroku's Node.js buildpack and others give it. Unset or 1: one process, as
// always. N > 1: a primary and N workers (node:cluster). `auto` or 0: one worker per core this
// process may run on (os.availableParallelism(), which follows CPU affinity but not a container's
// CPU quota: there, give the number).

/** An explicit count above this is refused as a likely typo; `auto` follows the machine. */
export const MAX_WORKERS = 64;

export const WEB_CONCURRENCY_RULE = `must be auto, 0 (one worker per core) or a whole number of workers from 1 to ${MAX_WORKERS}`;

/** The number of serving processes WEB_CONCURRENCY asks for, or null when it names none. */
export function parseWebConcurrency(value: string | undefined, cores: number): number | null {
  if (value === undefined) return 1;
  const text = value.trim().toLowerCase();
  const perCore = Math.max(1, Math.floor(cores));
  if (text === 'auto') return perCore;
  if (!/^\d{1,4}$/.test(text)) return null;
  const count = Number(text);
  if (count === 0) return perCore;
  return count <= MAX_WORKERS ? count : null;
}
