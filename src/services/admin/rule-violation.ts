// 422 for the commerce families (plans, subscriptions, coupons, analytics): well-formed input that
// breaks a rule of the school's data, with a pointer to the field that breaks it (OpenAPI: 400
// for the schema, 422 for the rules, both with pointers). The same shape as the enrollments' 422.
import { ProblemError, type FieldError } from '../../http/problem.ts';

export function ruleViolation(detail: string, errors: FieldError[]): ProblemError {
  return new ProblemError({ status: 422, type: 'unprocessable', title: 'Unprocessable Content', detail, errors });
}

const CHECK_VIOLATION = '23514';

/**
 * A check constraint that a concurrent change made fail after the service checked the same rule
 * (e.g. redemptions overtaking a lowered max_redemptions) is that rule's 422, not a 500.
 */
export function mapCheckViolation(error: unknown, detail: string, errors: FieldError[]): never {
  if ((error as { code?: string } | null)?.code === CHECK_VIOLATION) throw ruleViolation(detail, errors);
  throw error;
}
