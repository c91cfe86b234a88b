// What every admin page shares: who may enter (owners and admins of THIS school), the navigation
// (the OAuth applications section only while MCP connections are on, Webhooks only for roles that
// may read them), and the notices shown after a change.
import type { SiteContext } from '../../http/request-context.ts';
import { isOperator, type AreaPerson } from '../../services/audit/actor.ts';
import { mcpConnectionsEnabled } from '../../services/school/beta-features.ts';
import { webhookScopeAllowed } from '../../services/webhooks/area-access.ts';
import type { AreaSpec } from '../areas/area-route.ts';

// docs/development.md "Page languages": notices, names and labels are catalogue keys; the layout says them in the school's language.
export const ADMIN_NOTICES: Record<string, string> = {
  settings: 'admin.notice.settings',
  'app-updated': 'admin.notice.appUpdated',
  'app-deleted': 'admin.notice.appDeleted',
  'grant-revoked': 'admin.notice.grantRevoked',
  'host-added': 'admin.notice.hostAdded',
  'host-removed': 'admin.notice.hostRemoved',
  'open-registration': 'admin.notice.openRegistration',
  approved: 'admin.notice.approved',
  blocked: 'admin.notice.blocked',
  rotated: 'admin.notice.rotated',
  'id-token': 'admin.notice.idToken',
  'webhook-updated': 'admin.notice.webhookUpdated',
  'webhook-enabled': 'admin.notice.webhookEnabled',
  'webhook-disabled': 'admin.notice.webhookDisabled',
  'webhook-test-sent': 'admin.notice.webhookTestSent',
  'webhook-redelivered': 'admin.notice.webhookRedelivered',
  'webhook-recovered': 'webhookRecovery.notice',
  'webhook-deleted': 'admin.notice.webhookDeleted',
  'course-created': 'adminCourses.notice.courseCreated',
  'course-updated': 'adminCourses.notice.courseUpdated',
  'course-published': 'adminCourses.notice.coursePublished',
  'course-archived': 'adminCourses.notice.courseArchived',
  'section-created': 'adminCourses.notice.sectionCreated',
  'section-updated': 'adminCourses.notice.sectionUpdated',
  'section-deleted': 'adminCourses.notice.sectionDeleted',
  'section-moved': 'adminCourses.notice.sectionMoved',
  'lecture-created': 'adminCourses.notice.lectureCreated',
  'lecture-updated': 'adminCourses.notice.lectureUpdated',
  'lecture-deleted': 'adminCourses.notice.lectureDeleted',
  'lecture-moved': 'adminCourses.notice.lectureMoved',
  'student-invited': 'adminStudents.notice.invited',
  'student-added': 'adminStudents.notice.added',
  enrolled: 'adminStudents.notice.enrolled',
  'enrollment-expired': 'adminStudents.notice.expired',
  'enrollment-revoked': 'adminStudents.notice.revoked',
  'member-invited': 'adminStaff.notice.invited',
  'member-added': 'adminStaff.notice.added',
  'roles-changed': 'adminStaff.notice.rolesChanged',
  'invitation-resent': 'adminStaff.notice.resent',
  'invitation-cancelled': 'adminStaff.notice.cancelled',
  'order-recorded': 'adminOrders.notice.recorded',
  'order-refunded': 'adminOrders.notice.refunded',
};

export function adminSpec(): AreaSpec {
  return {
    name: 'admin.area',
    home: '/admin',
    allowed: (person: AreaPerson) => isOperator(person.roles),
    deniedMessage: 'admin.denied',
    notices: ADMIN_NOTICES,
    chrome: (ctx: SiteContext, person: AreaPerson) => ({
      nav: [
        { href: '/admin', label: 'admin.nav.home' },
        { href: '/admin/settings', label: 'admin.settings.title' },
        { href: '/admin/courses', label: 'adminCourses.title' },
        ...(mcpConnectionsEnabled(ctx.site)
          ? [{ href: '/admin/applications', label: 'admin.applications.title' }]
          : []),
        { href: '/admin/connected-apps', label: 'admin.connectedApps.title' },
        { href: '/admin/metadata-documents', label: 'admin.metadata.title' },
        { href: '/admin/signing-keys', label: 'admin.keys.title' },
        ...(webhookScopeAllowed(ctx.site, person.roles, 'webhooks:read')
          ? [{ href: '/admin/webhooks', label: 'admin.webhooks.title' }]
          : []),
        { href: '/admin/students', label: 'adminStudents.title' },
        { href: '/admin/members', label: 'adminStaff.title' },
        { href: '/admin/orders', label: 'adminOrders.title' },
        { href: '/admin/analytics', label: 'admin.analytics.title' },
        { href: '/admin/audit-log', label: 'admin.audit.title' },
        { href: '/admin/access-log', label: 'admin.accessLog.title' },
        { href: '/account', label: 'account.title' },
      ],
    }),
  };
}
