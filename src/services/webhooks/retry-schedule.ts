// When a failed delivery is tried again. Standard Webhooks ("Retry schedule") asks for
// exponential back-off and leaves the numbers to the sender; ours quadruples from a base
// (WEBHOOK_RETRY_BASE_MS, 10 s by default), caps a wait at 12 hours and adds ±20 % jitter so that
// receivers that failed together are not retried together:
//
//   attempt 2 after ~10 s, 3 after ~40 s, 4 after ~2.7 min, 5 after ~11 min, 6 after ~43 min,
//   7 after ~2.8 h, 8 after ~11.4 h, then every ~12 h: the 12th and last attempt comes about
//   three days after the first. A delivery still failing then is `failed` (redeliver to retry).
const MAX_WAIT_MS = 12 * 60 * 60 * 1000;
export const MAX_ATTEMPTS = 12;
const JITTER = 0.2;

/**
 * How long to wait after `attempts` failed attempts, or null when the schedule is over.
 * @param random a number in [0, 1) (Math.random; fixed in tests)
 */
export function retryDelayMs(attempts: number, baseMs: number, random: number = Math.random()): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const wait = Math.min(baseMs * 4 ** (attempts - 1), MAX_WAIT_MS);
  return Math.round(wait * (1 - JITTER + 2 * JITTER * random));
}

/** An endpoint failing without a single success for this long is disabled (reason `failing`). */
export const DISABLE_AFTER_FAILING_MS = 3 * 24 * 60 * 60 * 1000;

export function shouldDisable(failingSince: Date | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS;
}
