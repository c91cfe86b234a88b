// Time zones a school's data may name: a rule of the data, so a name the runtime does not know is
// a rule violation pointing at the field that carried it.
import { RuleViolation } from './errors.ts';

/**
 * IANA time zone names as the runtime knows them (Europe/Berlin, UTC), returned in their canonical
 * spelling; offsets (+01:00) and unknown names are 422.
 */
export function canonicalTimeZone(timezone: string, pointer: string): string {
  const fail = () => RuleViolation.at(pointer, `${timezone} is not a known IANA time zone`);
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(timezone)) throw fail();
  try {
    return new Intl.DateTimeFormat('en', { timeZone: timezone }).resolvedOptions().timeZone;
  } catch {
    throw fail();
  }
}
