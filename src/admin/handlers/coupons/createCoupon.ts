import type { CreateCouponData, CreateCouponResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const createCoupon: OperationHandler<CreateCouponData, CreateCouponResponses> = async (
  { body },
  { site, services },
) => ({
  status: 201,
  body: await services.admin.coupons.create(site, body),
});
