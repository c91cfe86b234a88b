import type { ListCouponsData, ListCouponsResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listCoupons: AdminApiHandler<ListCouponsData, ListCouponsResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.coupons.list(site, query),
});
