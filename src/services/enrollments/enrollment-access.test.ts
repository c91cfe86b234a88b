import { describe, expect, it } from 'vitest';
import { RuleViolation } from '../errors.ts';
import { defaultAccess, requestedAccess } from './enrollment-access.ts';

const now = new Date('2026-11-22T12:00:00Z');

function violationOf(run: () => unknown): RuleViolation {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleViolation) return error;
    throw error;
  }
  throw new Error('expected a rule violation');
}

describe('enrollment access (enrollments check: lifetime and expiry exclude each other)', () => {
  it('asks for nothing when the input names neither', () => {
    expect(requestedAccess({}, now)).toBeUndefined();
  });

  it('lifetime clears the expiry; a future date ends lifetime', () => {
    expect(requestedAccess({ has_lifetime_access: true }, now)).toEqual({
      expires_at: null,
      has_lifetime_access: true,
    });
    expect(requestedAccess({ expires_at: '2027-01-01T00:00:00Z', has_lifetime_access: false }, now)).toEqual({
      expires_at: new Date('2027-01-01T00:00:00Z'),
      has_lifetime_access: false,
    });
  });

  it('refuses both at once, lifetime taken away without a date, and expiries not in the future (422)', () => {
    const both = violationOf(() =>
      requestedAccess({ has_lifetime_access: true, expires_at: '2027-01-01T00:00:00Z' }, now),
    );
    expect(both.kind).toBe('rule-violation');
    expect(both.errors).toEqual([expect.objectContaining({ pointer: '/body/expires_at' })]);
    expect(violationOf(() => requestedAccess({ has_lifetime_access: false }, now)).kind).toBe('rule-violation');
    expect(violationOf(() => requestedAccess({ expires_at: now.toISOString() }, now)).kind).toBe('rule-violation');
  });

  it("defaults to the course's access_days, or lifetime when it has none", () => {
    expect(defaultAccess(null, now)).toEqual({ expires_at: null, has_lifetime_access: true });
    expect(defaultAccess(30, now)).toEqual({
      expires_at: new Date('2026-12-22T12:00:00Z'),
      has_lifetime_access: false,
    });
  });
});
