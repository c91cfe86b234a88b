// GET /admin: where an operator lands after sign-in; every section with a line on what it is for.
import { mcpConnectionsEnabled } from '../../services/admin-area/settings.ts';
import type { AdminPageDeps } from './types.ts';

const SECTIONS = [
  { href: '/admin/settings', label: 'Settings', text: 'Beta features of this school, such as MCP connections.' },
  { href: '/admin/applications', label: 'OAuth applications', text: 'Applications your members can connect to their account. You choose their scopes and give the client ID to the developer.', mcp: true },
  { href: '/admin/connected-apps', label: 'Connected apps', text: 'Integrations and tools that hold access to this school\'s administration, and who allowed them.' },
  { href: '/admin/metadata-documents', label: 'Client metadata documents', text: 'Which hosts may identify applications by a metadata document, and the review queue.' },
  { href: '/admin/signing-keys', label: 'Sign-in keys', text: 'The keys that sign ID tokens, their rotation, and whether ID tokens are issued.' },
  { href: '/admin/analytics', label: 'Analytics', text: 'Revenue over time, enrollments by course and completion rates.' },
  { href: '/admin/audit-log', label: 'Audit log', text: 'Every sign-in, consent, token and change made here, newest first.' },
];

export function mountHome({ router, area }: AdminPageDeps): void {
  router.get('/', area.page(async ({ ctx, person, page }) => {
    const mcp = mcpConnectionsEnabled(ctx.site);
    const sections = SECTIONS.filter((s) => !s.mcp || mcp);
    return page('./admin/home', { title: 'Admin', current: '/admin', sections, roles: person.roles, mcp });
  }));
}
