// What the course and curriculum forms say beside a field the service refused, in the page's
// language (docs/development.md "Page languages"): a broken schema rule by its keyword and limit,
// a rule of the service's own by the field it points at (RFC 9457 field errors' `/body/<field>`).
// The API's English details are for integrators; a person reads these.
import { textKey, type TextKey } from '../../lib/text-key.ts';
import { ServiceError } from '../../services/errors.ts';
import type { FieldRule } from './request-body-check.ts';

/** Form field name → what to say beside it. */
export type FieldErrors = Record<string, TextKey>;

/** How a rule's `pattern` or `format` is said for a field whose shape is not obvious (a slug, a URL, a code). */
const SHAPES: Record<string, TextKey> = {
  slug: textKey('adminCourses.error.slugShape'),
  image_url: textKey('adminCourses.error.urlShape'),
  price_currency: textKey('adminCourses.error.currencyShape'),
};

function ruleText(field: string, rule: FieldRule): TextKey {
  const limit = rule.limit ?? 0;
  switch (rule.keyword) {
    case 'required':
      return textKey('adminCourses.error.required');
    case 'maxLength':
      return textKey('adminCourses.error.tooLong', { limit });
    case 'minimum':
      return textKey('adminCourses.error.atLeast', { limit });
    case 'maximum':
      return textKey('adminCourses.error.atMost', { limit });
    case 'type':
      return textKey('adminCourses.error.wholeNumber');
    case 'enum':
      return textKey('adminCourses.error.choose');
    default:
      return SHAPES[field] ?? textKey('adminCourses.error.invalid');
  }
}

/**
 * @param fieldOf the form field of a schema path (`price.amount` → `price_amount`); the path itself when absent
 */
export function fieldErrorsOf(rules: readonly FieldRule[], fieldOf: Record<string, string> = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const rule of rules) {
    const field = fieldOf[rule.field] ?? rule.field;
    errors[field] ??= ruleText(field, rule);
  }
  return errors;
}

/**
 * A service refusal that points at fields (`/body/slug` taken, `/body/content` not fitting its
 * type), said beside them: `said` names the words per field for the refusals the form knows.
 * Undefined for any other error, which the caller rethrows.
 */
export function refusedFields(error: unknown, said: Record<string, TextKey>): FieldErrors | undefined {
  if (!(error instanceof ServiceError) || !error.errors?.length) return undefined;
  const errors: FieldErrors = {};
  for (const { pointer } of error.errors) {
    const field = pointer.split('/')[2] ?? '';
    const text = said[field];
    if (!text) return undefined;
    errors[field] = text;
  }
  return errors;
}
