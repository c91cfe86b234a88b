import type {
  GetDigitalProductData,
  GetDigitalProductResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const getDigitalProduct: AdminApiHandler<GetDigitalProductData, GetDigitalProductResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.digitalProducts.get(site, path.digital_product_id),
});
