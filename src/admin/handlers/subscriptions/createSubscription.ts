import type {
  CreateSubscriptionData,
  CreateSubscriptionResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

// OpenAPI createSubscription: idempotent, a running subscription to the plan is answered: 201 new, 200 existing.
export const createSubscription: AdminApiHandler<CreateSubscriptionData, CreateSubscriptionResponses> = async (
  { body },
  { site, services },
) => {
  const { created, subscription } = await services.admin.subscriptions.create(site, body);
  return created ? { status: 201, body: subscription } : { status: 200, body: subscription };
};
