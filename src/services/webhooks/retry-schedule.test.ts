import { describe, expect, it } from 'vitest';
import { DISABLE_AFTER_FAILING_MS, MAX_ATTEMPTS, retryDelayMs, shouldDisable } from './retry-schedule.ts';

describe('webhook retry schedule (Standard Webhooks "Retry schedule": exponential back-off)', () => {
  it('quadruples from the base with at most 20 % jitter either way', () => {
    expect(retryDelayMs(1, 10_000, 0.5)).toBe(10_000);
    expect(retryDelayMs(2, 10_000, 0.5)).toBe(40_000);
    expect(retryDelayMs(1, 10_000, 0)).toBe(8_000);
    expect(retryDelayMs(1, 10_000, 0.999_999)).toBeCloseTo(12_000, -1);
  });

  it('spans about three days before giving up', () => {
    let total = 0;
    for (let attempts = 1; attempts < MAX_ATTEMPTS; attempts++) total += retryDelayMs(attempts, 10_000, 0.5)!;
    expect(total / 3_600_000).toBeGreaterThan(60);
    expect(total / 3_600_000).toBeLessThan(84);
    expect(retryDelayMs(MAX_ATTEMPTS, 10_000, 0.5)).toBeNull();
  });

  it('disables an endpoint only after failing for the whole window', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(shouldDisable(null, now)).toBe(false);
    expect(shouldDisable(new Date(now.getTime() - DISABLE_AFTER_FAILING_MS + 1), now)).toBe(false);
    expect(shouldDisable(new Date(now.getTime() - DISABLE_AFTER_FAILING_MS), now)).toBe(true);
  });
});
