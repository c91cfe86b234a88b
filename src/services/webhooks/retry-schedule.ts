// When a failed delivery is tried again, and when an endpoint that keeps failing is disabled: the
// one place for both rules. Standard Webhooks ("Retry schedule") asks for exponential back-off
// and leaves the numbers to the sender; ours quadruples from a base (WEBHOOK_RETRY_BASE_MS, 10 s
// by default), caps a wait at 4,320 bases (12 hours at the default) and adds ±20 % jitter so that
// receivers that failed together are not retried together. At the default:
//
//   attempt 2 after ~10 s, 3 after ~40 s, 4 after ~2.7 min, 5 after ~11 min, 6 after ~43 min,
//   7 after ~2.8 h, 8 after ~11.4 h, then every ~12 h: the 12th and last attempt comes 2.1 to
//   3.2 days after the first (2.6 without jitter). A delivery still failing then is `failed`.
//
// Every wait, the cap included, is a multiple of the base, so the base scales the whole schedule
// and the disable rule with it: the shape stays the same for any base, and a test can run the
// whole schedule, down to the disabling, in seconds with a tiny base.
export const MAX_ATTEMPTS = 12;
/** Each wait is four times the one before ... */
const GROWTH = 4;
/** ... up to this many bases (12 hours at the default base of 10 s). */
const MAX_WAIT_BASES = 4_320;
/** Each wait is drawn from ±this fraction around its nominal value. */
export const RETRY_JITTER = 0.2;

/**
 * How long to wait after `attempts` failed attempts, or null when the schedule is over.
 * @param random a number in [0, 1) (Math.random; fixed in tests and for the documents)
 */
export function retryDelayMs(attempts: number, baseMs: number, random: number = Math.random()): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const wait = baseMs * Math.min(GROWTH ** (attempts - 1), MAX_WAIT_BASES);
  return Math.round(wait * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random));
}

/** The time from a delivery's first attempt to its last, every wait drawn with `random`. */
export function scheduleSpanMs(baseMs: number, random: number): number {
  let total = 0;
  for (let attempts = 1; attempts < MAX_ATTEMPTS; attempts++) total += retryDelayMs(attempts, baseMs, random)!;
  return total;
}

/**
 * The shortest time from a delivery's first attempt to its last: every wait at its lowest jitter.
 * Each real wait is at least its value here (retryDelayMs grows with `random`).
 */
export function retryWindowMs(baseMs: number): number {
  return scheduleSpanMs(baseMs, 0);
}

/**
 * How many times a delivery may be postponed by its receiver's Retry-After (a 429 or 503 with the
 * header) without it counting as a failure: after that, such an answer is a failure like any
 * other, so a receiver that only ever asks for time still ends on the schedule (/webhooks.md "Pace").
 */
export const MAX_POSTPONEMENTS = 10;

/**
 * A receiver's Retry-After held within the schedule's bounds: no sooner than the first retry's
 * wait (one base), no later than its longest wait (4,320 bases, 12 hours at the default).
 */
export function clampRetryAfterMs(retryAfterMs: number, baseMs: number): number {
  return Math.min(Math.max(retryAfterMs, baseMs), baseMs * MAX_WAIT_BASES);
}

/**
 * An endpoint is disabled (reason `failing`) when a delivery has used up its schedule and the
 * endpoint has failed without a single success for at least the shortest window all along. The
 * first delivery to fail through a whole schedule in one failing run therefore disables it,
 * whatever its jitter and with no later traffic needed (each of its waits is at least the one
 * the window counts); the delivery ends `failed`, never cut short as `abandoned`; and a flaky
 * endpoint, whose successes end each run, is never disabled. The threshold is a multiple of the
 * base, like every wait, rather than a fixed time: it is the schedule's own length.
 * @param failingForMs how long the current run of failures has lasted (null: it is not failing)
 * @param scheduleOver whether this failure was the delivery's last attempt
 */
export function shouldDisable(failingForMs: number | null, scheduleOver: boolean, baseMs: number): boolean {
  return scheduleOver && failingForMs !== null && failingForMs >= retryWindowMs(baseMs);
}
