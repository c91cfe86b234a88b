// Recognises the database's integrity errors (PostgreSQL appendix A, class 23) so that a service
// can say which rule of the school's data a write broke. Both drivers (pg and PGlite) report the
// SQLSTATE in `code` and the constraint in `constraint`. Only detection lives here: what a
// violation means to the caller is the service's to say (services/integrity-errors.ts).

type DatabaseError = { code?: string; constraint?: string };

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
const CHECK_VIOLATION = '23514';

export function isUniqueViolation(error: unknown): boolean {
  return (error as DatabaseError | null)?.code === UNIQUE_VIOLATION;
}

/** A row still referenced by another (a delete) or a reference to a row that is gone (a write). */
export function isForeignKeyViolation(error: unknown): boolean {
  return (error as DatabaseError | null)?.code === FOREIGN_KEY_VIOLATION;
}

export function isCheckViolation(error: unknown): boolean {
  return (error as DatabaseError | null)?.code === CHECK_VIOLATION;
}

/** The name of the constraint the database reports as broken, if it names one. */
export function violatedConstraint(error: unknown): string | undefined {
  return (error as DatabaseError | null)?.constraint;
}
