// Turns the database's integrity errors into the services' typed refusals, in one place: a unique
// violation is a conflict pointing at the field it guards, a row still referenced is a conflict,
// and a check constraint that a concurrent change made fail is the rule's violation.
import {
  isCheckViolation,
  isForeignKeyViolation,
  isUniqueViolation,
  violatedConstraint,
} from '../db/integrity-errors.ts';
import { Conflict, RuleViolation, type FieldError } from './errors.ts';

/**
 * @param fields which body field each unique constraint guards, e.g. { courses_site_id_slug_key: 'slug' }
 * @param what the object in words, e.g. 'A course'
 */
export function mapIntegrityError(error: unknown, fields: Record<string, string>, what: string): never {
  if (isUniqueViolation(error)) {
    const constraint = violatedConstraint(error);
    const field = (constraint && fields[constraint]) ?? Object.values(fields)[0];
    throw new Conflict(
      `${what} with this ${field ?? 'value'} already exists.`,
      field ? [{ pointer: `/body/${field}`, detail: 'is already taken' }] : undefined,
    );
  }
  if (isForeignKeyViolation(error)) throw new Conflict(`${what} is still in use and cannot be removed.`);
  throw error;
}

/**
 * A check constraint that a concurrent change made fail after the service checked the same rule
 * (e.g. redemptions overtaking a lowered max_redemptions) is that rule's violation, not a failure.
 */
export function mapCheckViolation(error: unknown, detail: string, errors: FieldError[]): never {
  if (isCheckViolation(error)) throw new RuleViolation(detail, errors);
  throw error;
}

/**
 * A unique index that a concurrent change filled after the service looked (a plan change onto a plan
 * the person already runs) is the rule's violation where the operation documents only 422.
 */
export function mapUniqueAsRule(error: unknown, pointer: string, detail: string): never {
  if (isUniqueViolation(error)) throw RuleViolation.at(pointer, detail);
  throw error;
}
