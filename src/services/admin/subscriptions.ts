// Rules of the admin API's subscriptions (OpenAPI tag Subscriptions: cancel now or at period
// end, change plan). Both writes are idempotent: asking again for what already holds answers the
// subscription unchanged. Billing runs elsewhere: nothing here charges, prorates or refunds.
import type { Db } from '../../db/database.ts';
import type { SubscriptionStatus } from '../../db/schema.ts';
import * as plans from '../../db/repositories/membership-plans.ts';
import * as repo from '../../db/repositories/subscriptions.ts';
import type { SubscriptionRow } from '../../db/repositories/subscriptions.ts';
import { NotFound, RuleViolation } from '../errors.ts';
import { toIso } from '../../lib/time.ts';
import { recordEvent } from '../webhooks/outbox.ts';
import type { Site } from '../sites.ts';
import { listWindow, pageOf } from '../list-window.ts';

export type SubscriptionListQuery = {
  limit?: number;
  cursor?: string;
  status?: SubscriptionStatus;
  plan_id?: string;
  person_id?: string;
  sort?: string;
};

/** When access ends because of a cancellation or expiry; null while the subscription renews. */
function endsAt(row: SubscriptionRow): Date | null {
  if (row.status === 'canceled') return row.cancel_at_period_end ? row.current_period_end : row.canceled_at;
  if (row.status === 'expired' || row.cancel_at_period_end) return row.current_period_end;
  return null;
}

export function toSubscription(row: SubscriptionRow) {
  return {
    id: row.id,
    subscriber: { id: row.person_id, email: row.subscriber_email, name: row.subscriber_name },
    plan: { id: row.plan_id, slug: row.plan_slug, name: row.plan_name },
    status: row.status,
    started_at: toIso(row.started_at)!,
    current_period_start: toIso(row.current_period_start)!,
    current_period_end: toIso(row.current_period_end)!,
    trial_ends_at: toIso(row.trial_ends_at),
    cancel_at_period_end: row.cancel_at_period_end,
    canceled_at: toIso(row.canceled_at),
    ends_at: toIso(endsAt(row)),
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

export function createSubscriptionAdmin(db: Db) {
  async function mustFind(site: Site, id: string, trx: Db = db): Promise<SubscriptionRow> {
    const row = await repo.findSubscription(trx, site.id, id);
    if (!row) throw new NotFound('No subscription with that id at this school.');
    return row;
  }

  return {
    async list(site: Site, query: SubscriptionListQuery) {
      const window = listWindow(
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
      // Webhook subscription.canceled, only from the call that changed something.
      return db.transaction().execute(async (trx) => {
        const changed =
          input?.at_period_end === true
            ? await repo.cancelAtPeriodEnd(trx, site.id, id)
            : await repo.cancelNow(trx, site.id, id);
        const subscription = toSubscription(await mustFind(site, id, trx));
        if (changed) await recordEvent(trx, site, 'subscription.canceled', subscription);
        return subscription;
      });
    },
    /** The plan must be an active plan of this school and the subscription still running (422). */
    async changePlan(site: Site, id: string, input: { plan_id: string }) {
      return db.transaction().execute(async (trx) => {
        const subscription = await mustFind(site, id, trx);
        if (subscription.plan_id === input.plan_id) return toSubscription(subscription);
        const plan = await plans.findPlan(trx, site.id, input.plan_id);
        if (!plan)
          throw new RuleViolation('No membership plan with that id at this school.', [
            { pointer: '/body/plan_id', detail: 'is not a plan of this school' },
          ]);
        if (plan.status !== 'active') {
          throw new RuleViolation('The plan is archived; a subscription can only move to an active plan.', [
            { pointer: '/body/plan_id', detail: 'is archived' },
          ]);
        }
        if (!repo.RUNNING.includes(subscription.status)) {
          const detail = `The subscription has ended (${subscription.status}); its plan can no longer change.`;
          throw new RuleViolation(detail, [{ pointer: '/path/id', detail: `is ${subscription.status}` }]);
        }
        await repo.updateSubscriptionPlan(trx, site.id, id, plan.id);
        return toSubscription(await mustFind(site, id, trx));
      });
    },
  };
}

export type SubscriptionAdmin = ReturnType<typeof createSubscriptionAdmin>;
