// GET /admin: where an operator lands after sign-in; every section with a line on what it is for,
// and, above them, the webhook endpoints the delivery worker disabled (a 410 Gone, or failing for
// days), each linked: nothing else would tell the school that its receiver stopped getting events;
// and, when the deployment sends no mail (docs/operations.md "Mail"), that inviting people cannot work.
// First, the school's numbers (services/analytics/school-figures.ts), each a link to the page behind it.
import { mcpConnectionsEnabled } from '../../services/school/beta-features.ts';
import type { AdminPageDeps } from './types.ts';
import { DISABLED_REASONS } from './webhook-form.ts';

// Catalogue keys (docs/development.md "Page languages"): `label` names the section, `text` says what it is for.
const SECTIONS = [
  { href: '/admin/settings', label: 'admin.settings.title', text: 'admin.home.section.settings' },
  { href: '/admin/courses', label: 'adminCourses.title', text: 'adminHome.section.courses' },
  {
    href: '/admin/applications',
    label: 'admin.applications.title',
    text: 'admin.home.section.applications',
    mcp: true,
  },
  { href: '/admin/connected-apps', label: 'admin.connectedApps.title', text: 'admin.home.section.connectedApps' },
  { href: '/admin/metadata-documents', label: 'admin.metadata.title', text: 'admin.home.section.metadata' },
  { href: '/admin/signing-keys', label: 'admin.keys.title', text: 'admin.home.section.keys' },
  { href: '/admin/webhooks', label: 'admin.webhooks.title', text: 'admin.home.section.webhooks', webhooks: true },
  { href: '/admin/analytics', label: 'admin.analytics.title', text: 'admin.home.section.analytics' },
  { href: '/admin/audit-log', label: 'admin.audit.title', text: 'admin.home.section.audit' },
];

export function mountHome({ router, area, admin }: AdminPageDeps): void {
  router.get(
    '/',
    area.page(async ({ ctx, person, page }) => {
      const mcp = mcpConnectionsEnabled(ctx.site);
      const webhooks = admin.webhooks.visibleTo(ctx.site, person.roles);
      const sections = SECTIONS.filter((s) => (!s.mcp || mcp) && (!s.webhooks || webhooks));
      const disabledWebhooks = await admin.webhooks.disabledByDelivery(ctx.site, person.roles);
      const figures = await admin.figures.load(ctx.site);
      return page('./admin/home', {
        titleKey: 'admin.area',
        current: '/admin',
        sections,
        roles: person.roles,
        mcp,
        disabledWebhooks,
        reasons: DISABLED_REASONS,
        mailOff: !admin.mailAvailable,
        figures,
        // Failing endpoints are counted for the roles that may read webhooks only (services/webhooks/area-access.ts).
        showWebhookFigure: webhooks,
      });
    }),
  );
}
