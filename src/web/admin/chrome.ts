// What every admin page shares: who may enter (owners and admins of THIS school), the navigation
// (the OAuth applications section only while MCP connections are on), and the notices shown
// after a change.
import type { RequestContext } from '../../http/request-context.ts';
import { isOperator, type AreaPerson } from '../../services/admin-area/actor.ts';
import { mcpConnectionsEnabled } from '../../services/admin-area/settings.ts';
import type { AreaSpec } from '../areas/area-route.ts';

export const ADMIN_NOTICES: Record<string, string> = {
  settings: 'Settings saved.',
  'app-updated': 'Application saved.',
  'app-deleted': 'Application deleted; every authorization and token it held has ended.',
  'grant-revoked': 'Access revoked; the application\'s tokens no longer work.',
  'host-added': 'Host added.',
  'host-removed': 'Host removed.',
  'open-registration': 'Open registration saved.',
  approved: 'Client approved; it may now request write scopes.',
  blocked: 'Client blocked; what it held has been revoked.',
  rotated: 'Keys rotated. The previous key stays published until the ID tokens it signed have expired.',
  'id-token': 'ID-token setting saved.',
};

export function adminSpec(): AreaSpec {
  return {
    name: 'Admin',
    home: '/admin',
    allowed: (person: AreaPerson) => isOperator(person.roles),
    deniedMessage: 'The admin area is for the owners and admins of this school. You are signed in with an account that is neither.',
    notices: ADMIN_NOTICES,
    chrome: (ctx: RequestContext) => ({
      nav: [
        { href: '/admin', label: 'Home' },
        { href: '/admin/settings', label: 'Settings' },
        ...(mcpConnectionsEnabled(ctx.site) ? [{ href: '/admin/applications', label: 'OAuth applications' }] : []),
        { href: '/admin/connected-apps', label: 'Connected apps' },
        { href: '/admin/metadata-documents', label: 'Client metadata documents' },
        { href: '/admin/signing-keys', label: 'Sign-in keys' },
        { href: '/admin/analytics', label: 'Analytics' },
        { href: '/admin/audit-log', label: 'Audit log' },
        { href: '/account', label: 'Your account' },
      ],
    }),
  };
}
