// The admin area's services, built from the shared ones (DESIGN habit 12: passed, not hidden).
// Free of express: the pages in web/admin/ call these, and these call repositories.
import type { Config } from '../config/config.ts';
import type { MailOutbox } from './mail/mail-outbox.ts';
import type { Db } from '../db/database.ts';
import type { CursorCodec } from '../db/pagination/cursor.ts';
import type { SigningKeyService } from './auth/keys/signing-keys.ts';
import type { AdminServices } from './admin-services.ts';
import type { AuditLog } from './audit/audit-log.ts';
import { createAnalyticsReport } from './analytics/report.ts';
import { createAuditLogReader } from './audit/audit-log-reader.ts';
import { createConnectedAppActions } from './auth/connected-apps/of-school.ts';
import { createMemberAppActions } from './auth/member-apps.ts';
import { createMetadataDocumentActions } from './auth/client-metadata/admission.ts';
import { createSettingsActions } from './school/beta-features.ts';
import { createSigningKeyActions } from './auth/keys/key-actions.ts';
import { createWebhookActions } from './webhooks/area-actions.ts';
import { createAccessLog } from './audit/access-log.ts';
import { createSchoolFigures } from './analytics/school-figures.ts';
import { createPeopleAreaActions } from './people/area-actions.ts';
import { createOrderAreaActions } from './orders/area-actions.ts';

/** The shared services these are built from, named one by one (the wired `Services` is the composition root's). */
export type AdminAreaDeps = {
  db: Db;
  audit: AuditLog;
  signingKeys: SigningKeyService;
  admin: AdminServices;
  cursors: CursorCodec;
  config: Pick<Config, 'authEventsRetentionDays' | 'webhooks'>;
  mail: Pick<MailOutbox, 'available'>;
};

export function createAdminAreaServices(services: AdminAreaDeps) {
  const { db, audit, signingKeys } = services;
  const connectedApps = createConnectedAppActions(db, audit);
  return {
    /** docs/operations.md "Mail": false in production without SMTP_URL, which the admin area says. */
    mailAvailable: services.mail.available,
    settings: createSettingsActions(db, audit),
    // Back-channel logout URIs may be plain http only where deliveries may reach development addresses.
    memberApps: createMemberAppActions(db, audit, {
      allowHttpBackchannel: services.config.webhooks.allowPrivateAddresses,
    }),
    connectedApps,
    metadataDocuments: createMetadataDocumentActions(db, audit),
    signingKeys: createSigningKeyActions(db, audit, signingKeys),
    auditLog: createAuditLogReader(db, services.cursors),
    accessLog: createAccessLog(db, services.cursors, services.config.authEventsRetentionDays),
    analytics: createAnalyticsReport(services.admin.analytics),
    webhooks: createWebhookActions(db, services.admin.webhooks),
    /** The admin API's own rules of who holds access through an application (OpenAPI tag Applications). */
    applications: services.admin.applications,
    /** The home's numbers, from the analytics service and the connected apps' list. */
    figures: createSchoolFigures(db, { analytics: services.admin.analytics, connectedApps }),
    /** The admin API's course and curriculum services (OpenAPI tags Courses, Curriculum): the same rules and refusals. */
    courses: services.admin.courses,
    curriculum: services.admin.curriculum,
    /** Enrollments per course (the admin API's analytics:read), for what archiving a course leaves in place. */
    courseEnrollments: (...args: Parameters<AdminServices['analytics']['enrollmentsByCourse']>) =>
      services.admin.analytics.enrollmentsByCourse(...args),
    /** Students, staff and their invitations: the admin API's rules (OpenAPI tags Students, Members). */
    people: createPeopleAreaActions(audit, services.admin),
    /** Orders: the admin API's rules (OpenAPI tag Orders), refunds previewed before they are confirmed. */
    orders: createOrderAreaActions(audit, services.admin),
  };
}

export type AdminAreaServices = ReturnType<typeof createAdminAreaServices>;
