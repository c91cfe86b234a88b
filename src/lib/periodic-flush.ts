// A batch written every `intervalMs` and on demand, one write at a time: the shape of the recorders
// that keep work off a hot path (grant "last used", the access trail's token issues).
export type PeriodicFlush = {
  /** Writes what is pending, after any write already under way (never two at once). */
  flush: () => Promise<void>;
  /** Stops the timer and writes what is left. */
  stop: () => Promise<void>;
};

export function periodicFlush(write: () => Promise<void>, intervalMs: number): PeriodicFlush {
  let writing: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => (writing = writing.then(write));
  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();
  return {
    flush,
    stop: async (): Promise<void> => {
      clearInterval(timer);
      await flush();
    },
  };
}
