import type {
  DeleteDigitalProductData,
  DeleteDigitalProductResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const deleteDigitalProduct: AdminApiHandler<DeleteDigitalProductData, DeleteDigitalProductResponses> = async (
  { path },
  { site, services },
) => {
  await services.admin.digitalProducts.remove(site, path.digital_product_id);
  return { status: 204, body: undefined };
};
