import type { GetCouponData, GetCouponResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const getCoupon: OperationHandler<GetCouponData, GetCouponResponses> = async ({ path }, { site, services }) => ({
  status: 200,
  body: await services.admin.coupons.get(site, path.coupon_id),
});
