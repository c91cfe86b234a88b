import type {
  UpdateDigitalProductData,
  UpdateDigitalProductResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const updateDigitalProduct: AdminApiHandler<UpdateDigitalProductData, UpdateDigitalProductResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.digitalProducts.update(site, path.digital_product_id, body),
});
