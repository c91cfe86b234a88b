// Turns the database's integrity errors into the admin API's documented answers, in one place:
// a unique violation is 409 with a pointer to the field, a row still referenced is 409.
// Both drivers (pg and PGlite) report the SQLSTATE in `code` and the constraint in `constraint`.
import { conflict } from '../http/problem.ts';

type DatabaseError = { code?: string; constraint?: string; detail?: string };

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

export function isUniqueViolation(error: unknown): boolean {
  return (error as DatabaseError | null)?.code === UNIQUE_VIOLATION;
}

/**
 * @param fields which body field each unique constraint guards, e.g. { courses_site_id_slug_key: 'slug' }
 */
export function mapIntegrityError(error: unknown, fields: Record<string, string>, what: string): never {
  const e = error as DatabaseError | null;
  if (e?.code === UNIQUE_VIOLATION) {
    const field = (e.constraint && fields[e.constraint]) ?? Object.values(fields)[0];
    throw conflict(`${what} with this ${field ?? 'value'} already exists.`, field ? [{ pointer: `/body/${field}`, detail: 'is already taken' }] : undefined);
  }
  if (e?.code === FOREIGN_KEY_VIOLATION) throw conflict(`${what} is still in use and cannot be removed.`);
  throw error;
}
