// Which field of an admin form is wrong and what to say beside it, in the school's language
// (docs/development.md "Page languages", "Forms of the admin area"): one shape for every form.
// Two sources fill it: the form's values checked against the operation's request schema before any
// service runs (a broken rule said by its keyword and limit), and a refusal of the admin API's
// services that points at a field (`/body/<field>` of its RFC 9457 field errors: a slug another
// course holds, an amount past what is left). The API's English details are for integrators; a
// person reads the catalogue's words, or, for a detail the catalogue does not know yet, the
// service's sentence marked lang="en". Anything that is no refusal is rethrown by the caller: a bug
// is no refusal.
import { textKey, type TextKey } from '../../lib/text-key.ts';
import { AreaNotFound } from '../../services/audit/actor.ts';
import { ServiceError } from '../../services/errors.ts';
import { MailNotConfigured } from '../../services/mail/mail-outbox.ts';
import type { FieldRule } from './request-body-check.ts';

/** One thing wrong, in the catalogue's words, or (unknown to it) the service's English sentence. */
export type FieldMessage = TextKey | { en: string };
/** What is wrong, by form field; `form` for the form as a whole. */
export type FieldErrors = Record<string, FieldMessage[]>;

export function addError(errors: FieldErrors, field: string, message: FieldMessage): FieldErrors {
  (errors[field] ??= []).push(message);
  return errors;
}

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
 * The schema's broken rules (request-body-check.ts), the first per field.
 * @param fieldOf the form field of a schema path (`price.amount` → `price_amount`); the path itself when absent
 */
export function ruleErrors(rules: readonly FieldRule[], fieldOf: Record<string, string> = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const rule of rules) {
    const field = fieldOf[rule.field] ?? rule.field;
    if (!errors[field]) addError(errors, field, ruleText(field, rule));
  }
  return errors;
}

/**
 * A refusal of the course services that points at fields the form knows (`/body/slug` taken,
 * `/body/content` not fitting its type), said beside them in `said`'s words per field.
 * Undefined for any other error.
 */
export function refusedFields(error: unknown, said: Record<string, TextKey>): FieldErrors | undefined {
  if (!(error instanceof ServiceError) || !error.errors?.length) return undefined;
  const errors: FieldErrors = {};
  for (const { pointer } of error.errors) {
    const field = pointer.split('/')[2] ?? '';
    const text = said[field];
    if (!text) return undefined;
    addError(errors, field, text);
  }
  return errors;
}

/** The people and order services' field details (order-writes.ts, enrollments.ts, students.ts) in the catalogue's words. */
const DETAILS: Array<[RegExp, (match: RegExpExecArray) => TextKey]> = [
  [/^names no course (?:at|of) this school$/, () => textKey('adminForms.fieldError.noCourse')],
  [/^names an archived (course|membership plan|digital product)$/, () => textKey('adminForms.fieldError.archived')],
  [
    /^names no (?:active )?(?:membership plan|digital product) of this school$/,
    () => textKey('adminForms.fieldError.notSold'),
  ],
  [/^names no student of this school$/, () => textKey('adminForms.fieldError.noStudent')],
  [/^is in the future$/, () => textKey('adminForms.fieldError.future')],
  [/^must be 0 in a manual order$/, () => textKey('adminForms.fieldError.manualZero')],
  [/^must be at most (\d+)$/, (m) => textKey('adminForms.fieldError.atMost', { max: Number(m[1]) })],
  [/^is (manual|refunded|pending|partially_refunded|failed)$/, () => textKey('adminForms.fieldError.notPaid')],
  [/^has a total of 0$/, () => textKey('adminForms.fieldError.nothingPaid')],
  [/^is required when the items are priced in different currencies$/, () => textKey('adminForms.fieldError.currency')],
];

function wordsOf(detail: string): FieldMessage {
  for (const [pattern, key] of DETAILS) {
    const match = pattern.exec(detail);
    if (match) return key(match);
  }
  return { en: detail };
}

/** The service refusals a person can act on by correcting the form (or by doing something first). */
const ACTIONABLE = new Set<ServiceError['kind']>(['rule-violation', 'invalid-input', 'conflict', 'not-found']);

/**
 * A refusal of the people and order services (students, staff, invitations, orders) as field
 * errors: `fields` maps the request's body field (`items`, `amount`) to the form field it came
 * from; a refusal without a field (no mail can leave, the last owner) is said above the form.
 * Undefined when `error` is no refusal a person can act on.
 * @param missing catalogue key of the 404 page when the row of the path is gone (a NotFound naming no field)
 * @throws AreaNotFound then
 */
export function refusalErrors(
  error: unknown,
  fields: Record<string, string>,
  missing = 'area.error.noPage',
): FieldErrors | undefined {
  if (error instanceof MailNotConfigured) return { form: [textKey('adminForms.error.mailOff')] };
  if (!(error instanceof ServiceError) || !ACTIONABLE.has(error.kind)) return undefined;
  if (error.kind === 'not-found' && !error.errors?.length) throw new AreaNotFound(textKey(missing));
  const errors: FieldErrors = {};
  for (const e of error.errors ?? []) {
    const [, where, name] = e.pointer.split('/');
    const field = where === 'body' ? fields[name ?? ''] : undefined;
    addError(errors, field ?? 'form', wordsOf(e.detail));
  }
  if (!error.errors?.length) {
    addError(
      errors,
      'form',
      /at least one owner/.test(error.detail) ? textKey('adminForms.error.lastOwner') : { en: error.detail },
    );
  }
  return errors;
}

/** A refusal on the one-message page (views/admin/message.eta): its catalogue words, or the service's English ones. */
export function messagePageOf(errors: FieldErrors): { message: TextKey; detail?: string } {
  const first = Object.values(errors).flat()[0];
  if (first && 'key' in first) return { message: first };
  return { message: textKey('adminForms.error.refused'), detail: first && 'en' in first ? first.en : undefined };
}
