// Rules of the admin API's subscriptions (OpenAPI tag Subscriptions: start one, cancel now or at
// period end, change plan). Every write is idempotent: asking again for what already holds answers
// the subscription unchanged. Billing runs elsewhere: nothing here charges, prorates or refunds.
import type { Db } from '../../db/database.ts';
import type { SubscriptionStatus } from '../../db/schema.ts';
import * as plans from '../../db/repositories/membership-plans.ts';
import * as repo from '../../db/repositories/subscriptions.ts';
import type { SubscriptionRow } from '../../db/repositories/subscriptions.ts';
import { findStudent } from '../../db/repositories/people-lists.ts';
import { NotFound, RuleViolation } from '../errors.ts';
import { endSubscription, startSubscription } from './subscription-start.ts';
import { mapUniqueAsRule } from '../integrity-errors.ts';
import { toSubscription } from './subscription-shape.ts';
import type { Site } from '../school/sites.ts';
import { listWindow, pageOf } from '../list-window.ts';
import type { CursorCodec } from '../../db/pagination/cursor.ts';

export type SubscriptionListQuery = {
  limit?: number;
  cursor?: string;
  status?: SubscriptionStatus;
  plan_id?: string;
  person_id?: string;
  sort?: string;
};

/** An active plan of the school, or 422 on /body/plan_id: only active plans take subscribers. */
export async function activePlan(trx: Db, site: Site, planId: string, pointer = '/body/plan_id') {
  const plan = await plans.findPlan(trx, site.id, planId);
  if (!plan)
    throw new RuleViolation('No membership plan with that id at this school.', [
      { pointer, detail: 'is not a plan of this school' },
    ]);
  if (plan.status !== 'active')
    throw new RuleViolation('The plan is archived; only an active plan takes subscriptions.', [
      { pointer, detail: 'is archived' },
    ]);
  return plan;
}

export function createSubscriptionAdmin(db: Db, cursors: CursorCodec) {
  async function mustFind(site: Site, id: string, trx: Db = db): Promise<SubscriptionRow> {
    const row = await repo.findSubscription(trx, site.id, id);
    if (!row) throw new NotFound('No subscription with that id at this school.');
    return row;
  }

  return {
    async list(site: Site, query: SubscriptionListQuery) {
      const window = listWindow(
        cursors,
        'subscriptions',
        query,
        { created_at: 'time', current_period_end: 'time' },
        '-created_at',
      );
      const rows = await repo.listSubscriptions(db, site.id, {
        ...window,
        status: query.status,
        planId: query.plan_id,
        personId: query.person_id,
      });
      return pageOf(rows, window, (row) => row.sort_exact, toSubscription);
    },
    async get(site: Site, id: string) {
      return toSubscription(await mustFind(site, id));
    },
    /** OpenAPI cancelSubscription: cancel now, or at the period end; conditional updates make both idempotent. */
    async cancel(site: Site, id: string, input: { at_period_end?: boolean } | undefined) {
      return db.transaction().execute(async (trx) => {
        await endSubscription(trx, site, id, input?.at_period_end === true);
        return toSubscription(await mustFind(site, id, trx));
      });
    },
    /**
     * OpenAPI createSubscription: a subscription the school grants or sold elsewhere; nothing is
     * charged. The person must be a student and the plan active (422); one already running to
     * the plan is returned unchanged.
     * @returns the subscription, and whether this call started it
     */
    async create(site: Site, input: { person_id: string; plan_id: string }) {
      return db.transaction().execute(async (trx) => {
        if (!(await findStudent(trx, site.id, input.person_id)))
          throw new RuleViolation('Only a student of this school can subscribe.', [
            { pointer: '/body/person_id', detail: 'names no student of this school' },
          ]);
        const plan = await activePlan(trx, site, input.plan_id);
        return startSubscription(trx, site, input.person_id, plan, true);
      });
    },
    /** The plan must be an active plan of this school and the subscription still running (422). */
    async changePlan(site: Site, id: string, input: { plan_id: string }) {
      return db.transaction().execute(async (trx) => {
        const subscription = await mustFind(site, id, trx);
        if (subscription.plan_id === input.plan_id) return toSubscription(subscription);
        const plan = await activePlan(trx, site, input.plan_id);
        if (!repo.RUNNING.includes(subscription.status)) {
          const detail = `The subscription has ended (${subscription.status}); its plan can no longer change.`;
          throw new RuleViolation(detail, [{ pointer: '/path/id', detail: `is ${subscription.status}` }]);
        }
        // One running subscription per person and plan (index subscriptions_one_running).
        await repo
          .updateSubscriptionPlan(trx, site.id, id, plan.id)
          .catch((error: unknown) =>
            mapUniqueAsRule(error, '/body/plan_id', 'the person already has a running subscription to this plan'),
          );
        return toSubscription(await mustFind(site, id, trx));
      });
    },
  };
}

export type SubscriptionAdmin = ReturnType<typeof createSubscriptionAdmin>;
