// "Are you sure?" for what cannot be undone, as a page of its own (no script may ask under this
// CSP, and the page must work without one): what will happen, in numbers, then one form that posts
// the change and a link back. The action's POST route is the one its page always had.
import { textKey, type TextKey } from '../../lib/text-key.ts';
import type { AreaCall } from '../areas/area-route.ts';

export type Confirmation = {
  titleKey: string;
  titleVars?: Record<string, string | number>;
  /** The menu entry the page belongs to. */
  current: string;
  /** One sentence each, with the numbers ("disconnects 12 member applications"). */
  consequences: TextKey[];
  action: string;
  csrfToken: string;
  /** Hidden fields the action reads (the row it acts on). */
  fields?: Array<[string, string]>;
  button: TextKey;
  cancel: string;
};

export function confirmPage(call: AreaCall, confirmation: Confirmation) {
  return call.page('./admin/confirm', { fields: [], ...confirmation });
}

/** Ending one person's access to an application: who, to what, how many grants (the two Revoke buttons of Connected apps). */
export function revokeConfirmPage(
  call: AreaCall,
  access: { name: string; email: string; grants: number },
  form: { action: string; csrfToken: string; fields: Array<[string, string]>; cancel: string },
) {
  return confirmPage(call, {
    titleKey: 'adminSafety.confirm.revoke.title',
    titleVars: { name: access.name },
    current: '/admin/connected-apps',
    consequences: [
      textKey('adminSafety.confirm.revoke.text', { name: access.name, email: access.email, count: access.grants }),
      textKey('adminSafety.confirm.revoke.after'),
    ],
    button: textKey('admin.revoke'),
    ...form,
  });
}
