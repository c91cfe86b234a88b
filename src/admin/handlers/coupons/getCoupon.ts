import type { GetCouponData, GetCouponResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const getCoupon: AdminApiHandler<GetCouponData, GetCouponResponses> = async ({ path }, { site, services }) => ({
  status: 200,
  body: await services.admin.coupons.get(site, path.coupon_id),
});
