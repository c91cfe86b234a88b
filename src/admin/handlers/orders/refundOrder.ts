import type { RefundOrderData, RefundOrderResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const refundOrder: AdminApiHandler<RefundOrderData, RefundOrderResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.orders.refund(site, path.order_id, body ?? {}),
});
