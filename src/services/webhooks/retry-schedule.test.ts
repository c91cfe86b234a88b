import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryDelayMs, retryWindowMs, scheduleSpanMs, shouldDisable } from './retry-schedule.ts';

const HOUR = 3_600_000;

describe('webhook retry schedule (Standard Webhooks "Retry schedule": exponential back-off)', () => {
  it('quadruples from the base with at most 20 % jitter either way', () => {
    expect(retryDelayMs(1, 10_000, 0.5)).toBe(10_000);
    expect(retryDelayMs(2, 10_000, 0.5)).toBe(40_000);
    expect(retryDelayMs(1, 10_000, 0)).toBe(8_000);
    expect(retryDelayMs(1, 10_000, 0.999_999)).toBeCloseTo(12_000, -1);
  });

  it('caps a wait at 12 hours at the default base and spans 2.1 to 3.2 days before giving up', () => {
    expect(retryDelayMs(8, 10_000, 0.5)).toBe(12 * HOUR);
    expect(retryDelayMs(MAX_ATTEMPTS - 1, 10_000, 0.5)).toBe(12 * HOUR);
    expect(retryDelayMs(MAX_ATTEMPTS, 10_000, 0.5)).toBeNull();
    const span = (random: number) => scheduleSpanMs(10_000, random);
    expect(span(0) / HOUR).toBeCloseTo(50.5, 1);
    expect(span(0.5) / HOUR).toBeCloseTo(63.2, 1);
    expect(span(0.999_999) / HOUR).toBeCloseTo(75.8, 1);
    expect(retryWindowMs(10_000)).toBe(span(0));
  });

  it('scales the whole schedule, its cap included, with the base', () => {
    for (let attempts = 1; attempts < MAX_ATTEMPTS; attempts++)
      expect(retryDelayMs(attempts, 100, 0.5)! * 100).toBe(retryDelayMs(attempts, 10_000, 0.5));
    expect(retryWindowMs(0.1)).toBeLessThan(2_000);
  });

  it('every jittered schedule lasts at least the window, so its last failure disables a failing endpoint', () => {
    for (const random of [0, 0.1, 0.5, 0.9, 0.999_999]) {
      expect(scheduleSpanMs(10_000, random)).toBeGreaterThanOrEqual(retryWindowMs(10_000));
      expect(shouldDisable(scheduleSpanMs(10_000, random), true, 10_000)).toBe(true);
    }
  });

  it('disables an endpoint only at the end of a schedule, after failing for the whole window', () => {
    const window = retryWindowMs(10_000);
    expect(shouldDisable(null, true, 10_000)).toBe(false);
    expect(shouldDisable(window - 1, true, 10_000)).toBe(false);
    expect(shouldDisable(window, true, 10_000)).toBe(true);
    // Failing longer than the window with retries still to come: the delivery runs its course.
    expect(shouldDisable(2 * window, false, 10_000)).toBe(false);
  });
});
