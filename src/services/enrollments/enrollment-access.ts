// How long an enrollment grants access: a future expiry or lifetime, never both (the enrollments
// table checks `not (has_lifetime_access and expires_at is not null)`), and by default what a
// purchase of the course grants (courses.access_days; null is lifetime). As course
// platforms' admin APIs do: expire keeps progress, extend takes a date or "indefinite".
import { RuleViolation } from '../errors.ts';

export type AccessInput = { expires_at?: string | undefined; has_lifetime_access?: boolean | undefined };
export type Access = { expires_at: Date | null; has_lifetime_access: boolean };

const DAY_MS = 86_400_000;

/**
 * The access the input asks for, or undefined when it names none.
 * @throws 422 for both at once, lifetime taken away without a date, or an expiry not in the future
 */
export function requestedAccess(input: AccessInput, now: Date): Access | undefined {
  const { expires_at, has_lifetime_access } = input;
  if (has_lifetime_access === true && expires_at !== undefined) {
    throw new RuleViolation('Lifetime access has no expiry: send expires_at or has_lifetime_access, not both.', [
      { pointer: '/body/expires_at', detail: 'cannot be combined with has_lifetime_access: true' },
    ]);
  }
  if (has_lifetime_access === true) return { expires_at: null, has_lifetime_access: true };
  if (expires_at === undefined) {
    if (has_lifetime_access === false) {
      throw new RuleViolation('To end lifetime access, send an expires_at or expire the enrollment.', [
        { pointer: '/body/expires_at', detail: 'is required when has_lifetime_access is false' },
      ]);
    }
    return undefined;
  }
  const expiry = new Date(expires_at);
  if (!(expiry.getTime() > now.getTime())) {
    throw new RuleViolation('An expiry must lie in the future; to end access now, expire the enrollment.', [
      { pointer: '/body/expires_at', detail: 'must be in the future' },
    ]);
  }
  return { expires_at: expiry, has_lifetime_access: false };
}

/** What a purchase of the course grants: access_days from now, or lifetime when it has none. */
export function defaultAccess(accessDays: number | null, now: Date): Access {
  if (accessDays === null) return { expires_at: null, has_lifetime_access: true };
  return { expires_at: new Date(now.getTime() + accessDays * DAY_MS), has_lifetime_access: false };
}
