import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './retry-after.ts';
import { clampRetryAfterMs, MAX_POSTPONEMENTS } from './retry-schedule.ts';

const NOW = Date.parse('2026-12-06T12:00:00Z');

describe('Retry-After (RFC 9110 10.2.3): delta-seconds or an HTTP-date', () => {
  it('reads delta-seconds as that many seconds', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
  });

  it('reads an IMF-fixdate and the obsolete RFC 850 form as the time until then', () => {
    expect(parseRetryAfter('Sun, 06 Dec 2026 12:01:30 GMT', NOW)).toBe(90_000);
    expect(parseRetryAfter('Sunday, 06-Dec-26 12:00:05 GMT', NOW)).toBe(5_000);
  });

  it('reads a date already past as no wait', () => {
    expect(parseRetryAfter('Sun, 06 Dec 2026 11:00:00 GMT', NOW)).toBe(0);
  });

  it('takes nothing from a missing or unreadable header', () => {
    for (const value of [undefined, '', '-5', '1.5', '10s', 'soon', 'Sun, 99 Foo 2026 GMT'])
      expect(parseRetryAfter(value, NOW)).toBeNull();
  });
});

describe('Retry-After clamped to the retry schedule (/webhooks.md "Pace")', () => {
  it('waits no less than one base and no more than the longest wait of the schedule', () => {
    expect(clampRetryAfterMs(0, 10_000)).toBe(10_000);
    expect(clampRetryAfterMs(90_000, 10_000)).toBe(90_000);
    expect(clampRetryAfterMs(7 * 24 * 3_600_000, 10_000)).toBe(12 * 3_600_000);
  });

  it('lets a delivery be postponed a bounded number of times', () => {
    expect(MAX_POSTPONEMENTS).toBeGreaterThan(0);
    expect(MAX_POSTPONEMENTS).toBeLessThanOrEqual(20);
  });
});
