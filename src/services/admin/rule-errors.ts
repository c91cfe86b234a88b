// 422 for a request that is well formed but breaks a rule of the school's data (OpenAPI UnprocessableEntity), with a
// pointer to the field that breaks it, as the 400s of spec validation have.
import { ProblemError } from '../../http/problem.ts';

/** @param pointer the request field at fault; null when the rule concerns the stored object itself */
export function unprocessable(pointer: string | null, detail: string): ProblemError {
  return new ProblemError({ status: 422, type: 'unprocessable', title: 'Unprocessable Content', detail, ...(pointer ? { errors: [{ pointer, detail }] } : {}) });
}

/**
 * IANA time zone names as the runtime knows them (Europe/Berlin, UTC), returned in their canonical
 * spelling; offsets (+01:00) and unknown names are 422.
 */
export function canonicalTimeZone(timezone: string, pointer: string): string {
  const fail = () => unprocessable(pointer, `${timezone} is not a known IANA time zone`);
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(timezone)) throw fail();
  try {
    return new Intl.DateTimeFormat('en', { timeZone: timezone }).resolvedOptions().timeZone;
  } catch {
    throw fail();
  }
}
