// The admin area's confirmation before ending one person's access to an application (the two
// Revoke buttons of Connected apps): who, to what, how many grants end.
import { textKey } from '../../lib/text-key.ts';
import type { AreaCall } from '../areas/area-route.ts';
import { confirmPage } from '../areas/confirm-page.ts';

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
