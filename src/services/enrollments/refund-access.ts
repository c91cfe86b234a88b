// What a refund with revoke_access takes back (OpenAPI refundOrder): only the access this order
// gave that nothing else still supports. Another standing order of the same course or plan, a
// running subscription whose plan includes the course, or the school's own grant (enrollStudent,
// createSubscription) keeps it. An ended enrollment stays, `revoked`, with its progress.
import type { Db } from '../../db/database.ts';
import { runningPlanIncludes, standingOrderSells, withdrawOrderAccess } from '../../db/repositories/access-support.ts';
import { endEnrollment, findEnrollment, findEnrollmentOf } from '../../db/repositories/enrollments.ts';
import { listOrderItems } from '../../db/repositories/orders.ts';
import { findRunningSubscriptionOf } from '../../db/repositories/subscriptions.ts';
import type { Site } from '../school/sites.ts';
import { recordEvent } from '../webhooks/outbox.ts';
import { toEnrollment } from './enrollment-shape.ts';
import { endSubscription } from '../orders/subscription-start.ts';

/** The titles (as the order names them) of the membership plans and courses whose access was ended. */
export type TakenBack = { plans: string[]; courses: string[] };

export async function takeBackAccess(
  trx: Db,
  site: Site,
  order: { id: string; person_id: string },
  now: Date,
): Promise<TakenBack> {
  const taken: TakenBack = { plans: [], courses: [] };
  // Once per order: a second refund, or one of an order recorded without access, takes nothing.
  if (!(await withdrawOrderAccess(trx, site.id, order.id))) return taken;
  const items = (await listOrderItems(trx, site.id, [order.id])).filter((i) => i.item_id !== null);
  const person = order.person_id;
  // Plans first: a subscription ended here no longer supports the courses its plan includes.
  for (const item of items.filter((i) => i.item_type === 'membership_plan')) {
    const subscription = await findRunningSubscriptionOf(trx, site.id, person, item.item_id!);
    if (!subscription || subscription.manual_grant) continue;
    if (await standingOrderSells(trx, site.id, person, { type: 'membership_plan', id: item.item_id! })) continue;
    await endSubscription(trx, site, subscription.id, false);
    taken.plans.push(item.title);
  }
  for (const item of items.filter((i) => i.item_type === 'course')) {
    const courseId = item.item_id!;
    const enrollment = await findEnrollmentOf(trx, site.id, person, courseId);
    if (!enrollment || enrollment.manual_grant) continue;
    if (await standingOrderSells(trx, site.id, person, { type: 'course', id: courseId })) continue;
    if (await runningPlanIncludes(trx, site.id, person, courseId)) continue;
    if (await endEnrollment(trx, site.id, enrollment.id, 'revoked', now)) {
      await recordEvent(
        trx,
        site,
        'enrollment.revoked',
        toEnrollment((await findEnrollment(trx, site.id, enrollment.id))!),
      );
      taken.courses.push(item.title);
    }
  }
  return taken;
}
