// What the Students and Staff pages share: the CSRF purposes of their forms, and the invitation
// form (e-mail and name) read and checked as the admin API's schema checks it (OpenAPI StudentInvite,
// MemberInvite: an e-mail of at most 254 characters, a name of 1 to 200 that is not blank), so the
// page names the field before any service is asked.
import { textKey } from '../../lib/text-key.ts';
import { field, type FormBody } from '../areas/forms.ts';
import { addError, type FieldErrors } from './field-errors.ts';

export const PEOPLE_PURPOSES = {
  inviteStudent: 'admin:students:invite',
  enroll: 'admin:students:enroll',
  expire: 'admin:enrollments:expire',
  revoke: 'admin:enrollments:revoke',
  inviteMember: 'admin:members:invite',
  roles: 'admin:members:roles',
  resend: 'admin:invitations:resend',
  cancel: 'admin:invitations:cancel',
} as const;

/** The roles the Staff pages show and set, in the order the admin API lists them (members.ts). */
export const STAFF_ROLES = ['owner', 'admin', 'lecturer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

// An address as OpenAPI `format: email` accepts it, roughly: one @, something on each side, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+$/;

export type InviteForm = { email: string; name: string };

export function readInviteForm(body: FormBody): { form: InviteForm; errors: FieldErrors } {
  const form = { email: (field(body, 'email') ?? '').trim(), name: (field(body, 'name') ?? '').trim() };
  const errors: FieldErrors = {};
  if (!form.email) addError(errors, 'email', textKey('adminForms.fieldError.required'));
  else if (form.email.length > 254 || !EMAIL.test(form.email))
    addError(errors, 'email', textKey('adminForms.fieldError.email'));
  if (!form.name) addError(errors, 'name', textKey('adminForms.fieldError.required'));
  else if (form.name.length > 200) addError(errors, 'name', textKey('adminForms.fieldError.tooLong', { max: 200 }));
  return { form, errors };
}

/** The page of a list: the query's search and the cursor the admin API gave (`next_cursor`). */
export function listQuery(query: Record<string, unknown>) {
  const text = (name: string) => (typeof query[name] === 'string' && query[name] ? query[name] : undefined);
  return { q: text('q')?.slice(0, 200), cursor: text('cursor') };
}
