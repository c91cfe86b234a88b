// "Are you sure?" for what cannot be undone, as a page of its own (no script may ask under this
// CSP, and the page must work without one): what will happen, in numbers, then one form that posts
// the change and a link back. Shared by the admin and account areas, so both ask alike. The
// action's POST route is the one its page always had.
import type { TextKey } from '../../lib/text-key.ts';
import type { AreaCall } from './area-route.ts';

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
  return call.page('./areas/confirm', { fields: [], ...confirmation });
}
