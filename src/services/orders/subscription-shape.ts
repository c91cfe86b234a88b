// The admin API's Subscription (OpenAPI schema Subscription), also the data of the subscription.* webhook events.
import type { SubscriptionRow } from '../../db/repositories/subscriptions.ts';
import { toIso } from '../../lib/time.ts';

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
