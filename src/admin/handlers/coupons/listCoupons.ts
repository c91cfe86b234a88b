import type { ListCouponsData, ListCouponsResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const listCoupons: OperationHandler<ListCouponsData, ListCouponsResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.coupons.list(site, query),
});
