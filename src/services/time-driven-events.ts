// docs/webhooks.md "Time-driven events": what happens because time passed, not because someone
// asked: enrollments whose access ended announce enrollment.expired (enrollments/expiry-sweep.ts),
// and endpoints failing for a day or disabled are told of (webhooks/endpoint-notices.ts). Every
// instance sweeps every EXPIRY_SWEEP_MS, one sweep at a time (lib/periodic-flush.ts); each claim is
// one conditional UPDATE, so instances share the work and nothing is announced twice.
import type { Logger } from 'pino';
import { periodicFlush } from '../lib/periodic-flush.ts';
import type { Db } from '../db/database.ts';
import { announceLapsedEnrollments } from './enrollments/expiry-sweep.ts';
import type { MailOutbox } from './mail/mail-outbox.ts';
import { noticeEndpointTrouble } from './webhooks/endpoint-notices.ts';

export type TimeDrivenEventOptions = { sweepMs: number; failingNoticeMs: number };

/** Starts the sweeps; the returned stop ends the timer and waits for a sweep under way. */
export function scheduleTimeDrivenEvents(
  deps: { db: Db; mail: MailOutbox; log?: Logger },
  options: TimeDrivenEventOptions,
): () => Promise<void> {
  let stopped = false;
  async function sweep(): Promise<void> {
    if (stopped) return;
    // Each sweep on its own: a failure of one (the database away a moment) is tried at the next tick.
    await announceLapsedEnrollments(deps.db).catch((error: unknown) =>
      deps.log?.warn({ err: error }, 'enrollment expiry sweep failed; trying again'),
    );
    await noticeEndpointTrouble(deps, options.failingNoticeMs).catch((error: unknown) =>
      deps.log?.warn({ err: error }, 'webhook endpoint notices failed; trying again'),
    );
  }
  const flush = periodicFlush(sweep, options.sweepMs);
  return async () => {
    stopped = true;
    await flush.stop();
  };
}
