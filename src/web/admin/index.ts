// The school's admin area at /admin: server-rendered pages for the owners and admins of
// THIS school. Every route passes the gate in areas/area-route.ts (session, role, CSRF); each
// page file adds its own routes. Not part of the OpenAPI document: it is a web UI, not an API.
import { createRequire } from 'node:module';
import path from 'node:path';
import express, { Router } from 'express';
import { createAdminAreaServices } from '../../services/admin-area-services.ts';
import type { AdminAreaBundle } from './admin-area-services.ts';
import { areaRoutes } from '../areas/area-route.ts';
import { mountAnalytics } from './analytics.ts';
import { mountApplicationAccess } from './application-access.ts';
import { mountApplicationDelete } from './application-delete.ts';
import { mountApplicationEdit } from './application-edit.ts';
import { mountApplicationNew } from './application-new.ts';
import { mountApplicationSecret } from './application-secret.ts';
import { mountApplicationsList } from './applications-list.ts';
import { mountAuditLog } from './audit-log.ts';
import { mountAccessLog } from './access-log.ts';
import { adminSpec } from './chrome.ts';
import { mountConnectedApps } from './connected-apps.ts';
import { mountCourseEdit } from './course-edit.ts';
import { mountCourseNew } from './course-new.ts';
import { mountCoursesList } from './courses-list.ts';
import { mountCourseStatus } from './course-status.ts';
import { mountCurriculumLectures } from './curriculum-lectures.ts';
import { mountCurriculumSections } from './curriculum-sections.ts';
import { mountHome } from './home.ts';
import { mountMetadataDocuments } from './metadata-documents.ts';
import { mountSettings } from './settings.ts';
import { mountSigningKeys } from './signing-keys.ts';
import type { AdminPageDeps } from './types.ts';
import { mountWebhookActions } from './webhook-actions.ts';
import { mountWebhookDelete } from './webhook-delete.ts';
import { mountWebhookDelivery } from './webhook-delivery.ts';
import { mountWebhookEdit } from './webhook-edit.ts';
import { mountWebhookNew } from './webhook-new.ts';
import { mountWebhooksList } from './webhooks-list.ts';
import { mountStudentsList } from './students-list.ts';
import { mountStudentProfile } from './student-profile.ts';
import { mountEnrollmentActions } from './enrollment-actions.ts';
import { mountStaffPages } from './staff-pages.ts';
import { mountInvitations } from './invitations.ts';
import { mountOrderNew } from './order-new.ts';
import { mountOrdersList } from './orders-list.ts';
import { mountOrderRefund } from './order-refund.ts';

const CHART_JS_DIST = path.dirname(createRequire(import.meta.url).resolve('chart.js'));

export function createAdminArea(services: AdminAreaBundle): Router {
  const router = Router({ strict: false });
  const area = areaRoutes(services, adminSpec());
  const deps: AdminPageDeps = { router, area, admin: createAdminAreaServices(services) };

  // Chart.js's own dist folder, served from this origin (the CSP allows scripts from 'self' only).
  // Public files: no session needed, and nothing of the school in them.
  router.use('/assets/chart.js', express.static(CHART_JS_DIST, { maxAge: '1d', index: false }));
  mountHome(deps);
  mountSettings(deps);
  mountApplicationsList(deps);
  mountApplicationNew(deps);
  mountApplicationEdit(deps);
  mountApplicationSecret(deps);
  mountApplicationDelete(deps);
  mountConnectedApps(deps);
  mountApplicationAccess(deps);
  mountMetadataDocuments(deps);
  mountSigningKeys(deps);
  // "new" before ":id": express tries routes in the order they were added.
  mountWebhooksList(deps);
  mountWebhookNew(deps);
  mountWebhookEdit(deps);
  mountWebhookDelivery(deps);
  mountWebhookActions(deps);
  mountWebhookDelete(deps);
  mountAuditLog(deps);
  mountAccessLog(deps);
  mountAnalytics(deps);
  // Courses: "new" before ":id", as for webhooks.
  mountCoursesList(deps);
  mountCourseNew(deps);
  mountCourseEdit(deps);
  mountCourseStatus(deps);
  mountCurriculumSections(deps);
  mountCurriculumLectures(deps);
  // Students, staff and orders: each "invite"/"new" route is added before the ":id" one beside it.
  mountStudentsList(deps);
  mountStudentProfile(deps);
  mountEnrollmentActions(deps);
  mountStaffPages(deps);
  mountInvitations(deps);
  mountOrderNew(deps);
  mountOrdersList(deps);
  mountOrderRefund(deps);
  // Every other path under /admin: the same gate, then a 404 page (never the API's JSON 404).
  router.use(area.notFound());
  return router;
}
