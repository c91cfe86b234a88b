import type { RefundOrderData, RefundOrderResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const refundOrder: OperationHandler<RefundOrderData, RefundOrderResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.orders.refund(site, path.order_id, body ?? {}),
});
