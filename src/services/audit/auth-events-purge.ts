// docs/operations.md "Access trail": events older than AUTH_EVENTS_RETENTION_DAYS are deleted in
// bounded batches: one statement removes at most PURGE_BATCH rows, and the next waits a moment, so
// a purge never holds locks on, or writes WAL for, an unbounded number of rows at once, and the
// requests writing new events meanwhile are never held up behind it. A run stops after
// MAX_BATCHES_PER_RUN; what is left waits for the next run. Safe on any number of instances: each
// batch skips rows another one holds.
import type { Logger } from 'pino';
import type { Db } from '../../db/database.ts';
import { purgeAuthEventBatch } from '../../db/repositories/auth-events.ts';

export const PURGE_BATCH = 1_000;
export const MAX_BATCHES_PER_RUN = 100;
const PAUSE_MS = 50;
const DAY_MS = 24 * 3600 * 1000;

export type AuthEventPurgeOptions = {
  retentionDays: number;
  batch?: number;
  maxBatches?: number;
  pauseMs?: number;
  now?: Date;
};

/** Deletes events past the retention, batch by batch; returns how many it deleted. */
export async function purgeAuthEvents(db: Db, options: AuthEventPurgeOptions): Promise<number> {
  const batch = options.batch ?? PURGE_BATCH;
  const before = new Date((options.now ?? new Date()).getTime() - options.retentionDays * DAY_MS);
  let total = 0;
  for (let run = 0; run < (options.maxBatches ?? MAX_BATCHES_PER_RUN); run += 1) {
    const deleted = await purgeAuthEventBatch(db, before, batch);
    total += deleted;
    if (deleted < batch) break;
    await new Promise((resolve) => setTimeout(resolve, options.pauseMs ?? PAUSE_MS));
  }
  return total;
}

/** Every `intervalMs`, with jitter so instances don't line up; returns a stop function. */
export function scheduleAuthEventPurge(
  db: Db,
  log: Logger,
  retentionDays: number,
  intervalMs = 10 * 60 * 1000,
): () => void {
  let running = false;
  const timer = setInterval(
    () => {
      if (running) return; // a run still going (a large backlog) is not doubled
      running = true;
      purgeAuthEvents(db, { retentionDays })
        .then((purged) => purged > 0 && log.info({ purged: { authEvents: purged } }, 'purged old access trail events'))
        .catch((error: unknown) => log.warn({ err: error }, 'access trail purge failed; will retry'))
        .finally(() => {
          running = false;
        });
    },
    intervalMs + Math.floor(Math.random() * 30_000),
  );
  timer.unref();
  return () => clearInterval(timer);
}
