// The wake-and-poll loop of the background workers (the outbox's, the webhook deliveries'): one
// poll at a time and at most one timer. A poll says when the next one is due (at once when it found
// work, else the poll interval); a nudge (a row just written in this process) or a finished task
// asks for one sooner. Asks made while a poll runs are kept and honoured when it ends, so none is
// lost and none starts a second poll beside the first.
export type PollScheduler = {
  /** Polls in `delayMs`, or keeps an earlier poll already due; one poll at a time. */
  schedule(delayMs: number): void;
  /** Starts polling at once; nudges are honoured from now on. */
  start(): void;
  /** No poll starts from now on; resolves when the poll under way (if any) has ended. */
  stop(): Promise<void>;
};

/**
 * `poll` returns the delay until it should run again (0 when it found work). A worker logs its own
 * failures; a poll that throws anyway is tried again after `idleMs`, never left to end the loop.
 */
export function createPollScheduler(poll: () => Promise<number>, idleMs: number): PollScheduler {
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let due = Infinity;
  let polling: Promise<void> | null = null;
  // The soonest poll asked for while one was running, made once it ends.
  let requested = Infinity;

  const schedule = (delayMs: number): void => {
    if (!started || stopping) return;
    if (polling) {
      requested = Math.min(requested, delayMs);
      return;
    }
    const at = Date.now() + delayMs;
    if (timer && at >= due) return;
    clearTimeout(timer);
    due = at;
    timer = setTimeout(() => {
      timer = undefined;
      due = Infinity;
      polling = run();
    }, delayMs);
  };

  async function run(): Promise<void> {
    let next = idleMs;
    try {
      next = await poll();
    } catch {
      // The worker's own logging missed it; the loop goes on at the idle pace.
    } finally {
      polling = null;
    }
    next = Math.min(next, requested);
    requested = Infinity;
    schedule(next);
  }

  return {
    schedule,
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await polling;
    },
  };
}
