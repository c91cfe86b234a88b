import { describe, expect, it } from 'vitest';
import { MAX_WORKERS, parseWebConcurrency } from './web-concurrency.ts';

describe('WEB_CONCURRENCY (docs/operations.md "Running on several cores")', () => {
  it('unset means one process, as without it', () => {
    expect(parseWebConcurrency(undefined, 8)).toBe(1);
  });

  it('a whole number is that many workers, spaces and leading zeros allowed', () => {
    expect(parseWebConcurrency('1', 8)).toBe(1);
    expect(parseWebConcurrency('2', 8)).toBe(2);
    expect(parseWebConcurrency(' 3 ', 8)).toBe(3);
    expect(parseWebConcurrency('04', 8)).toBe(4);
    // More workers than cores is the operator's choice (an I/O-bound service may want it).
    expect(parseWebConcurrency('16', 2)).toBe(16);
    expect(parseWebConcurrency(String(MAX_WORKERS), 2)).toBe(MAX_WORKERS);
  });

  it('auto and 0 mean one worker per available core, at least one', () => {
    expect(parseWebConcurrency('auto', 8)).toBe(8);
    expect(parseWebConcurrency('AUTO', 8)).toBe(8);
    expect(parseWebConcurrency('0', 6)).toBe(6);
    expect(parseWebConcurrency('auto', 1)).toBe(1);
    expect(parseWebConcurrency('auto', 0)).toBe(1);
  });

  it(`refuses anything else, and more than ${MAX_WORKERS} workers as a likely typo`, () => {
    for (const value of ['', 'two', '-1', '1.5', '2x', '1e2', '0x10', String(MAX_WORKERS + 1), '10000', 'auto2'])
      expect(parseWebConcurrency(value, 8), value).toBeNull();
  });
});
