import type {
  ListDigitalProductsData,
  ListDigitalProductsResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listDigitalProducts: AdminApiHandler<ListDigitalProductsData, ListDigitalProductsResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.digitalProducts.list(site, query),
});
