// GET /admin: where an operator lands after sign-in; every section with a line on what it is for.
import { mcpConnectionsEnabled } from '../../services/admin-area/settings.ts';
import type { AdminPageDeps } from './types.ts';

// Catalogue keys (README "Page languages"): `label` names the section, `text` says what it is for.
const SECTIONS = [
  { href: '/admin/settings', label: 'admin.settings.title', text: 'admin.home.section.settings' },
  {
    href: '/admin/applications',
    label: 'admin.applications.title',
    text: 'admin.home.section.applications',
    mcp: true,
  },
  { href: '/admin/connected-apps', label: 'admin.connectedApps.title', text: 'admin.home.section.connectedApps' },
  { href: '/admin/metadata-documents', label: 'admin.metadata.title', text: 'admin.home.section.metadata' },
  { href: '/admin/signing-keys', label: 'admin.keys.title', text: 'admin.home.section.keys' },
  { href: '/admin/analytics', label: 'admin.analytics.title', text: 'admin.home.section.analytics' },
  { href: '/admin/audit-log', label: 'admin.audit.title', text: 'admin.home.section.audit' },
];

export function mountHome({ router, area }: AdminPageDeps): void {
  router.get(
    '/',
    area.page(async ({ ctx, person, page }) => {
      const mcp = mcpConnectionsEnabled(ctx.site);
      const sections = SECTIONS.filter((s) => !s.mcp || mcp);
      return page('./admin/home', { titleKey: 'admin.area', current: '/admin', sections, roles: person.roles, mcp });
    }),
  );
}
