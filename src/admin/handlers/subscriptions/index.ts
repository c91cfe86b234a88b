// Handlers of the Subscriptions operations (scopes subscriptions:read, subscriptions:write).
import { cancelSubscription } from './cancelSubscription.ts';
import { changeSubscriptionPlan } from './changeSubscriptionPlan.ts';
import { createSubscription } from './createSubscription.ts';
import { getSubscription } from './getSubscription.ts';
import { listSubscriptions } from './listSubscriptions.ts';

export const subscriptionHandlers = {
  listSubscriptions,
  getSubscription,
  createSubscription,
  cancelSubscription,
  changeSubscriptionPlan,
};
