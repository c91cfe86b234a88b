import type { GetOrderData, GetOrderResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const getOrder: OperationHandler<GetOrderData, GetOrderResponses> = async ({ path }, { site, services }) => ({
  status: 200,
  body: await services.admin.orders.get(site, path.order_id),
});
