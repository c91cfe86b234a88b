import type { ListOrdersData, ListOrdersResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listOrders: AdminApiHandler<ListOrdersData, ListOrdersResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.orders.list(site, query),
});
