// Handlers of the administrative REST API, one folder per scope family (spec/openapi/admin/).
import { courseHandlers } from './courses/index.ts';
import { analyticsHandlers } from './analytics/index.ts';
import { couponHandlers } from './coupons/index.ts';
import { membershipPlanHandlers } from './membership-plans/index.ts';
import { orderHandlers } from './orders/index.ts';
import { subscriptionHandlers } from './subscriptions/index.ts';
import { commentHandlers } from './comments/index.ts';
import { curriculumHandlers } from './curriculum/index.ts';
import { formHandlers } from './forms/index.ts';
import { lecturerHandlers } from './lecturers/index.ts';
import { memberHandlers } from './members/index.ts';
import { studentHandlers } from './students/index.ts';
import { appearanceHandlers } from './appearance/index.ts';
import { digitalProductHandlers } from './digital-products/index.ts';
import { eventHandlers } from './events/index.ts';
import { pageHandlers } from './pages/index.ts';
import { postHandlers } from './posts/index.ts';
import { schoolHandlers } from './school/index.ts';
import { storageHandlers } from './storage/index.ts';
import { webhookHandlers } from './webhooks/index.ts';
import { authEventHandlers } from './auth-events/index.ts';
import { applicationHandlers } from './applications/index.ts';

export const adminHandlers = {
  ...courseHandlers,
  ...orderHandlers,
  ...subscriptionHandlers,
  ...membershipPlanHandlers,
  ...couponHandlers,
  ...analyticsHandlers,
  ...curriculumHandlers,
  ...lecturerHandlers,
  ...commentHandlers,
  ...formHandlers,
  ...studentHandlers,
  ...memberHandlers,
  ...schoolHandlers,
  ...appearanceHandlers,
  ...eventHandlers,
  ...postHandlers,
  ...digitalProductHandlers,
  ...pageHandlers,
  ...storageHandlers,
  ...webhookHandlers,
  ...authEventHandlers,
  ...applicationHandlers,
};
