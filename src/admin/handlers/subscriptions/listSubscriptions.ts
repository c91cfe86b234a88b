import type {
  ListSubscriptionsData,
  ListSubscriptionsResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const listSubscriptions: OperationHandler<ListSubscriptionsData, ListSubscriptionsResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.subscriptions.list(site, query),
});
