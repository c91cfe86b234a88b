import { describe, expect, it } from 'vitest';
import { cancelRefusal } from './own-registrations.ts';

const now = Date.parse('2026-12-06T12:00:00Z');
const at = (offsetMs: number) => new Date(now + offsetMs);

describe("the school's rule for a member cancelling a registration (the account page and the member API share it)", () => {
  it('allows a registration for an event that has not started', () => {
    expect(cancelRefusal({ status: 'registered', starts_at: at(60_000) }, now)).toBeUndefined();
  });

  it('refuses once the event has started, and never cancels an attended one', () => {
    expect(cancelRefusal({ status: 'registered', starts_at: at(0) }, now)).toBe('started');
    expect(cancelRefusal({ status: 'attended', starts_at: at(60_000) }, now)).toBe('attended');
  });

  it('has nothing to cancel on a cancelled registration', () => {
    expect(cancelRefusal({ status: 'cancelled', starts_at: at(60_000) }, now)).toBe('cancelled');
  });
});
