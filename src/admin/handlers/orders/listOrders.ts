import type { ListOrdersData, ListOrdersResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const listOrders: OperationHandler<ListOrdersData, ListOrdersResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.orders.list(site, query),
});
