// Starting and ending a subscription inside a caller's transaction, with its webhook event, so the
// admin API's subscription operations and an order that sells or refunds a membership plan share
// one rule. Starting is idempotent: a person already subscribed to the plan keeps that subscription.
// `manual` says the school grants it itself (createSubscription), not an order (services/enrollments/refund-access.ts).
import type { Db } from '../../db/database.ts';
import type { PlanRow } from '../../db/repositories/membership-plans.ts';
import * as repo from '../../db/repositories/subscriptions.ts';
import { recordEvent } from '../webhooks/outbox.ts';
import type { Site } from '../school/sites.ts';
import { toSubscription } from './subscription-shape.ts';

/** @returns the running subscription, and whether this call started it (webhook subscription.created) */
export async function startSubscription(
  trx: Db,
  site: Site,
  personId: string,
  plan: PlanRow,
  manual: boolean,
): Promise<{ created: boolean; subscription: ReturnType<typeof toSubscription> }> {
  // The insert itself decides (one running subscription per person and plan is a unique index):
  // a concurrent start that committed first leaves nothing inserted here, and its row is answered.
  const id = await repo.insertRunningSubscription(trx, {
    siteId: site.id,
    personId,
    planId: plan.id,
    interval: plan.billing_interval,
    intervalCount: plan.interval_count,
    manual,
  });
  if (id === undefined) {
    const running = await repo.findRunningSubscriptionOf(trx, site.id, personId, plan.id);
    // Ended between the conflict and this read (a concurrent cancel): start one after all.
    if (!running) return startSubscription(trx, site, personId, plan, manual);
    // The school's own grant of a running subscription keeps it through a refund of an order.
    if (manual && !running.manual_grant) await repo.markManualGrant(trx, site.id, running.id);
    return { created: false, subscription: toSubscription(running) };
  }
  const subscription = toSubscription((await repo.findSubscription(trx, site.id, id))!);
  await recordEvent(trx, site, 'subscription.created', subscription);
  return { created: true, subscription };
}

/** Ends a running subscription now or at its period end; the event only from the call that changed it. */
export async function endSubscription(trx: Db, site: Site, id: string, atPeriodEnd: boolean): Promise<boolean> {
  const changed = atPeriodEnd ? await repo.cancelAtPeriodEnd(trx, site.id, id) : await repo.cancelNow(trx, site.id, id);
  if (changed) {
    const row = await repo.findSubscription(trx, site.id, id);
    await recordEvent(trx, site, 'subscription.canceled', toSubscription(row!));
  }
  return changed;
}
