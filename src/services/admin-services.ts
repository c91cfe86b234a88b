// The services behind the administrative REST API, one per scope family.
import type { Db } from '../db/database.ts';
import type { CursorCodec } from '../db/pagination/cursor.ts';
import { createCourseAdmin } from './courses/courses.ts';
import { createAnalyticsAdmin } from './analytics/analytics.ts';
import { createCouponAdmin } from './orders/coupons.ts';
import { createMembershipPlanAdmin } from './orders/membership-plans.ts';
import { createOrderAdmin } from './orders/orders.ts';
import { createOrderWrites } from './orders/order-writes.ts';
import { createSubscriptionAdmin } from './orders/subscriptions.ts';
import { createCommentAdmin } from './courses/comments.ts';
import { createCurriculumAdmin } from './courses/curriculum.ts';
import { createFormAdmin } from './school/forms.ts';
import { createLecturerAdmin } from './people/lecturers.ts';
import { createEnrollmentAdmin } from './enrollments/enrollments.ts';
import { createMemberAdmin } from './people/members.ts';
import { createProgressAdmin } from './enrollments/progress.ts';
import { createStudentAdmin } from './people/students.ts';
import { createAppearanceAdmin } from './school/appearance.ts';
import { createDigitalProductAdmin } from './orders/digital-products.ts';
import { createEventRegistrationAdmin } from './events/event-registrations.ts';
import { createEventAdmin } from './events/events.ts';
import { createPageAdmin } from './school/pages.ts';
import { createPostAdmin } from './school/posts.ts';
import { createSchoolAdmin } from './school/school.ts';
import { createStorageAdmin, type StorageOptions } from './uploads/storage.ts';
import { createWebhookAdmin, type WebhookOptions } from './webhooks/endpoints.ts';
import { createWebhookEventLog } from './webhooks/event-log.ts';
import { createAuthEventReader } from './audit/auth-events.ts';
import { createApplicationAccess } from './auth/application-access.ts';
import type { MailOutbox } from './mail/mail-outbox.ts';

/**
 * @param storage where uploads live and how large they may be (config STORAGE_DIR, UPLOAD_MAX_BYTES)
 * @param webhooks the key that encrypts endpoint secrets, and whether receivers may be private (development)
 * @param mail invitations are mailed through it (docs/operations.md "Mail")
 */
export function createAdminServices(
  db: Db,
  storage: StorageOptions,
  webhooks: WebhookOptions,
  cursors: CursorCodec,
  mail: MailOutbox,
) {
  return {
    school: createSchoolAdmin(db),
    appearance: createAppearanceAdmin(db),
    events: createEventAdmin(db, cursors),
    eventRegistrations: createEventRegistrationAdmin(db, cursors),
    posts: createPostAdmin(db, cursors),
    digitalProducts: createDigitalProductAdmin(db, cursors),
    pages: createPageAdmin(db, cursors),
    storage: createStorageAdmin(db, storage),
    orders: { ...createOrderAdmin(db, cursors), ...createOrderWrites(db) },
    subscriptions: createSubscriptionAdmin(db, cursors),
    membershipPlans: createMembershipPlanAdmin(db, cursors),
    coupons: createCouponAdmin(db, cursors),
    analytics: createAnalyticsAdmin(db, cursors),
    courses: createCourseAdmin(db, cursors),
    curriculum: createCurriculumAdmin(db, cursors),
    lecturers: createLecturerAdmin(db, cursors),
    comments: createCommentAdmin(db, cursors),
    forms: createFormAdmin(db, cursors),
    students: createStudentAdmin(db, cursors, mail),
    enrollments: createEnrollmentAdmin(db, cursors),
    studentProgress: createProgressAdmin(db, cursors),
    members: createMemberAdmin(db, cursors, mail),
    webhooks: createWebhookAdmin(db, webhooks, cursors),
    /** /webhooks.md "Events and recovery": the school's webhook events, read by GET /api/v1/webhook-events. */
    webhookEvents: createWebhookEventLog(db, cursors, webhooks.eventsRetentionDays),
    /** docs/operations.md "Access trail": the school's auth events, read by GET /api/v1/auth-events. */
    authEvents: createAuthEventReader(db, cursors),
    /** OpenAPI tag Applications and the admin area's "Connected apps": who holds access, and ending it. */
    applications: createApplicationAccess(db, cursors),
  };
}

export type AdminServices = ReturnType<typeof createAdminServices>;
