// /webhooks.md "Pace": a receiver answering 429 or 503 with Retry-After (RFC 9110 10.2.3) sets
// when it is called next. The header is delta-seconds or an HTTP-date (RFC 9110 5.6.7, with the
// obsolete forms Date.parse reads); anything else is no Retry-After at all, and the answer is
// an ordinary failure on the retry schedule.

/** Statuses whose Retry-After postpones instead of failing (RFC 6585 4, RFC 9110 15.6.4). */
export const PACING_STATUSES: readonly number[] = [429, 503];

const DELTA_SECONDS = /^\d+$/;

/**
 * The wait the header asks for, in milliseconds from `now` (0 for a date already past), or null
 * when it is missing or unreadable.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (DELTA_SECONDS.test(text)) return Number(text) * 1000;
  // An HTTP-date names a weekday and GMT; a bare number with a sign or fraction is neither form.
  if (!/GMT$/i.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
