import type { CreateOrderData, CreateOrderResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

// OpenAPI createOrder: 201 recorded now, 200 an order with the same external_id recorded before.
export const createOrder: AdminApiHandler<CreateOrderData, CreateOrderResponses> = async (
  { body },
  { site, services },
) => {
  const { created, order } = await services.admin.orders.record(site, body);
  return created ? { status: 201, body: order } : { status: 200, body: order };
};
