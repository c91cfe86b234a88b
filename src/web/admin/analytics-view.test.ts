import { describe, expect, it } from 'vitest';
import { rangeOf } from './analytics.ts';
import { formatMoney, jsonForScript, toMajor } from './analytics-view.ts';

describe('analytics page helpers', () => {
  it('JSON for a script element cannot close the element or open a comment', () => {
    const json = jsonForScript({ title: '</script><!-- & \u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ title: '</script><!-- & \u2028' });
  });

  it('minor units follow the currency (USD cents, JPY none)', () => {
    expect(toMajor(14900, 'USD')).toBe(149);
    expect(toMajor(1500, 'JPY')).toBe(1500);
    expect(formatMoney(7900, 'USD', 'en')).toBe('$79.00');
  });

  it('defaults to the last twelve calendar months by month, and ignores malformed values', () => {
    const today = new Date('2026-11-22T10:00:00Z');
    expect(rangeOf({}, today)).toEqual({ from: '2025-12-01', to: '2026-11-22', interval: 'month' });
    expect(rangeOf({ from: '2026-01-01', to: 'nope', interval: 'year' }, today)).toEqual({
      from: '2026-01-01',
      to: '2026-11-22',
      interval: 'month',
    });
    expect(rangeOf({ from: '2026-10-01', to: '2026-10-31', interval: 'day' }, today)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      interval: 'day',
    });
  });
});
