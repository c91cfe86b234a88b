import type { DeleteCouponData, DeleteCouponResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const deleteCoupon: OperationHandler<DeleteCouponData, DeleteCouponResponses> = async (
  { path },
  { site, services },
) => {
  await services.admin.coupons.remove(site, path.coupon_id);
  return { status: 204, body: undefined };
};
