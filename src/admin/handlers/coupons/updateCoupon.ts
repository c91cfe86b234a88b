import type { UpdateCouponData, UpdateCouponResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const updateCoupon: AdminApiHandler<UpdateCouponData, UpdateCouponResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.coupons.update(site, path.coupon_id, body),
});
