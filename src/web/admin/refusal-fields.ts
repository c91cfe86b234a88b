// The admin API services' refusals on the students, staff and orders pages (field-errors.ts is the course forms' schema check).
// A refusal of the admin API's services said on a form page, beside the field it concerns
// (`/body/<field>` of its JSON Pointer), in the school's language: each detail the people and order
// services write has its words in the catalogue (adminForms.fieldError.*); one it does not know yet
// is shown as the service wrote it, marked lang="en". A refusal without a field (no mail can
// leave, the last owner) is said above the form. Anything else is rethrown: a bug is no refusal.
import { InvalidCursor } from '../../db/pagination/cursor.ts';
import { textKey, type TextKey } from '../../lib/text-key.ts';
import { AreaForbidden, AreaNotFound } from '../../services/audit/actor.ts';
import { operatorScopeAllowed } from '../../services/auth/standing/operator-scope.ts';
import { ServiceError } from '../../services/errors.ts';
import { MailNotConfigured } from '../../services/mail/mail-outbox.ts';
import type { AreaCall } from '../areas/area-route.ts';
import { isUuid } from '../areas/forms.ts';

/** One thing wrong, in the catalogue's words, or (unknown to it) the service's English sentence. */
export type FieldMessage = TextKey | { en: string };
/** What is wrong, by form field; `form` for the form as a whole. */
export type FieldErrors = Record<string, FieldMessage[]>;

export function addError(errors: FieldErrors, field: string, message: FieldMessage): FieldErrors {
  (errors[field] ??= []).push(message);
  return errors;
}

/** The services' field details (order-writes.ts, enrollments.ts, students.ts) in the catalogue's words. */
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
 * The refusal as field errors: `fields` maps the request's body field (`items`, `amount`) to the
 * form field it came from. Undefined when `error` is no refusal a person can act on.
 * @param missing catalogue key of the 404 page when the row of the path is gone (a NotFound naming no field)
 * @throws AreaNotFound then
 */
export function fieldErrorsOf(
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

/** A 400 page for a page's query the service refused (a cursor of another list): the person follows a link again. */
export function badQueryPage(call: AreaCall, titleKey: string, error: unknown) {
  if (!(error instanceof InvalidCursor) && !(error instanceof ServiceError && error.kind === 'invalid-input'))
    throw error;
  return call.page('./admin/message', { titleKey, message: textKey('adminForms.error.badQuery'), status: 400 }, 400);
}

/** The :id of a row in a path: a UUID, or the area's 404 in `missing`'s words. */
export function rowId(id: string | undefined, missing: string): string {
  if (!isUuid(id)) throw new AreaNotFound(textKey(missing));
  return id;
}

/** The service's NotFound as the area's 404 page in the catalogue's words. */
export async function foundOr<T>(missing: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'not-found') throw new AreaNotFound(textKey(missing));
    throw error;
  }
}

/**
 * The admin API's rule of who may do what, asked for the signed-in person: a page needs the scope
 * an operator token of theirs would need for the same operation (members:write is the owners').
 */
export function mayUse(call: AreaCall, scope: string): boolean {
  return operatorScopeAllowed(call.ctx.site, call.person.roles, scope);
}

export function requireScope(call: AreaCall, scope: string): void {
  if (!mayUse(call, scope)) throw new AreaForbidden(textKey('adminForms.error.scopeRequired', { scope }));
}
