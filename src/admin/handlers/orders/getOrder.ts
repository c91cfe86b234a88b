import type { GetOrderData, GetOrderResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const getOrder: AdminApiHandler<GetOrderData, GetOrderResponses> = async ({ path }, { site, services }) => ({
  status: 200,
  body: await services.admin.orders.get(site, path.order_id),
});
