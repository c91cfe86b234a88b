import type { CreateCouponData, CreateCouponResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const createCoupon: AdminApiHandler<CreateCouponData, CreateCouponResponses> = async (
  { body },
  { site, services },
) => ({
  status: 201,
  body: await services.admin.coupons.create(site, body),
});
