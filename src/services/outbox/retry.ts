// When a failed outbox message is tried again: exponential back-off from a base (OUTBOX_RETRY_BASE_MS,
// 30 s by default), doubling up to 64 bases (about 32 minutes at the default), with ±20 % jitter so
// that messages that failed together (a mail server that was down) are not all tried again at the
// same moment. After MAX_OUTBOX_ATTEMPTS the message is given up (`failed_at`): at the default that
// is about 2 hours after the first attempt, enough for a mail server's restart or a short outage.
export const MAX_OUTBOX_ATTEMPTS = 10;
const MAX_WAIT_BASES = 64;
const JITTER = 0.2;

/**
 * How long to wait after `attempts` failed attempts, or null when no attempt is left.
 * @param random a number in [0, 1) (Math.random; fixed in tests)
 */
export function outboxRetryDelayMs(attempts: number, baseMs: number, random: number = Math.random()): number | null {
  if (attempts >= MAX_OUTBOX_ATTEMPTS) return null;
  const wait = baseMs * Math.min(2 ** (attempts - 1), MAX_WAIT_BASES);
  return Math.round(wait * (1 - JITTER + 2 * JITTER * random));
}
