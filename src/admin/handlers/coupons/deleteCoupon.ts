import type { DeleteCouponData, DeleteCouponResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const deleteCoupon: AdminApiHandler<DeleteCouponData, DeleteCouponResponses> = async (
  { path },
  { site, services },
) => {
  await services.admin.coupons.remove(site, path.coupon_id);
  return { status: 204, body: undefined };
};
