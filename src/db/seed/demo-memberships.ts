// Membership plans with the courses they include, and subscriptions whose billing periods are
// derived from the plan's interval, as billing would have advanced them.
import type { BillingInterval } from '../schema.ts';
import { sanitizeSchoolHtml } from '../../lib/rich-text.ts';
import type { SeededCourse } from './demo-catalog.ts';
import { daysFromNow, lookup, type SchoolContext, type SchoolSeed, type Sellable } from './demo-types.ts';

function addInterval(date: Date, interval: BillingInterval): Date {
  const next = new Date(date);
  if (interval === 'day') next.setUTCDate(next.getUTCDate() + 1);
  if (interval === 'week') next.setUTCDate(next.getUTCDate() + 7);
  if (interval === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

/** The billing period that contains `at`, counting whole intervals from `start`. */
function periodAt(start: Date, at: Date, interval: BillingInterval): [Date, Date] {
  let from = start;
  let to = addInterval(start, interval);
  while (to <= at) [from, to] = [to, addInterval(to, interval)];
  return [from, to];
}

export async function seedMemberships(
  ctx: SchoolContext,
  school: SchoolSeed,
  courses: ReadonlyMap<string, SeededCourse>,
): Promise<Map<string, Sellable>> {
  const { db, siteId } = ctx;
  const rows = await db
    .insertInto('membership_plans')
    .values(
      school.plans.map((plan) => ({
        site_id: siteId,
        slug: plan.slug,
        name: plan.name,
        description: plan.description && sanitizeSchoolHtml(plan.description), // OpenAPI "School text and HTML"
        price_amount: plan.price,
        currency: ctx.currency,
        billing_interval: plan.interval,
        trial_days: plan.trialDays ?? 0,
      })),
    )
    .returning(['id', 'slug'])
    .execute();
  const ids = new Map(rows.map((row) => [row.slug, row.id]));
  const plans = new Map(
    school.plans.map((plan) => [plan.slug, { ...plan, id: lookup(ids, plan.slug, 'plan'), title: plan.name }]),
  );

  await db
    .insertInto('membership_plan_courses')
    .values(
      school.plans.flatMap((plan) =>
        plan.courses.map((slug) => ({
          plan_id: lookup(plans, plan.slug, 'plan').id,
          course_id: lookup(courses, slug, 'course').id,
        })),
      ),
    )
    .execute();

  await db
    .insertInto('subscriptions')
    .values(
      school.subscriptions.map((sub) => {
        const plan = lookup(plans, sub.plan, 'plan');
        const startedAt = daysFromNow(ctx, -sub.startedDaysAgo);
        const canceledAt = sub.canceledDaysAgo === undefined ? null : daysFromNow(ctx, -sub.canceledDaysAgo);
        // Canceled at period end: the period it was canceled in was its last, and is over.
        const [periodStart, periodEnd] = periodAt(startedAt, canceledAt ?? ctx.now, plan.interval);
        if (sub.status === 'canceled' && periodEnd > ctx.now) {
          throw new Error(`demo seed: a canceled ${sub.plan} subscription would still run; cancel it earlier`);
        }
        const trialDays = plan.trialDays ?? 0;
        return {
          site_id: siteId,
          person_id: ctx.person(sub.subscriber),
          plan_id: plan.id,
          status: sub.status,
          started_at: startedAt,
          current_period_start: periodStart,
          current_period_end: periodEnd,
          cancel_at_period_end: canceledAt !== null,
          canceled_at: canceledAt,
          trial_ends_at: trialDays > 0 ? daysFromNow(ctx, trialDays - sub.startedDaysAgo) : null,
        };
      }),
    )
    .execute();
  return plans;
}
