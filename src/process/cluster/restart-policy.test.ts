import { describe, expect, it } from 'vitest';
import { FIRST_RESTART_DELAY_MS, MAX_RESTART_DELAY_MS, nextRestart, STABLE_MS } from './restart-policy.ts';

describe('restarting a stopped worker (docs/operations.md "Running on several cores": back-off, never a hot loop)', () => {
  it('waits twice as long after each failure in a row, up to the cap', () => {
    let failures = 0;
    const delays: number[] = [];
    for (let i = 0; i < 10; i++) {
      const next = nextRestart(failures, null); // each replacement died before it served
      failures = next.failures;
      delays.push(next.delayMs);
    }
    expect(delays.slice(0, 5)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(delays.slice(5)).toEqual(Array(5).fill(MAX_RESTART_DELAY_MS));
    expect(failures).toBe(10);
  });

  it('a worker that served a while before it stopped starts the count again', () => {
    expect(nextRestart(7, STABLE_MS)).toEqual({ failures: 1, delayMs: FIRST_RESTART_DELAY_MS });
    expect(nextRestart(7, 3 * 3600_000)).toEqual({ failures: 1, delayMs: FIRST_RESTART_DELAY_MS });
  });

  it('a worker that stopped soon after it began serving counts as a failure in a row', () => {
    expect(nextRestart(2, STABLE_MS - 1)).toEqual({ failures: 3, delayMs: 4_000 });
  });

  it('stays capped however long the run of failures', () => {
    expect(nextRestart(10_000, null).delayMs).toBe(MAX_RESTART_DELAY_MS);
  });
});
