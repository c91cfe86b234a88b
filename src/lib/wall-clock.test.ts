// A date and time typed into the admin area's recovery form is read in the school's time zone
// (/webhooks.md "Events and recovery": the admin area offers it).
import { describe, expect, it } from 'vitest';
import { instantOfWallClock, wallClockOf } from './wall-clock.ts';

describe('wall-clock times in a time zone', () => {
  it('reads a datetime-local value in the zone, in winter and in summer', () => {
    expect(instantOfWallClock('2026-12-01T09:30', 'Europe/Berlin')?.toISOString()).toBe('2026-12-01T08:30:00.000Z');
    expect(instantOfWallClock('2026-07-01T09:30', 'Europe/Berlin')?.toISOString()).toBe('2026-07-01T07:30:00.000Z');
    expect(instantOfWallClock('2026-07-01T09:30:15', 'UTC')?.toISOString()).toBe('2026-07-01T09:30:15.000Z');
    expect(instantOfWallClock('2026-12-01T09:30', 'America/New_York')?.toISOString()).toBe('2026-12-01T14:30:00.000Z');
  });

  it('refuses what is not a date and time', () => {
    for (const value of ['', 'yesterday', '2026-02-30T10:00', '2026-12-01', '2026-12-01T25:00'])
      expect(instantOfWallClock(value, 'Europe/Berlin'), value).toBeUndefined();
  });

  it('shows an instant as the zone reads it, the way back', () => {
    const instant = new Date('2026-12-01T08:30:00.000Z');
    expect(wallClockOf(instant, 'Europe/Berlin')).toBe('2026-12-01T09:30');
    expect(instantOfWallClock(wallClockOf(instant, 'Europe/Berlin'), 'Europe/Berlin')).toEqual(instant);
  });
});
