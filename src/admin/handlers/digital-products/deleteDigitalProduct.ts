import type {
  DeleteDigitalProductData,
  DeleteDigitalProductResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const deleteDigitalProduct: OperationHandler<DeleteDigitalProductData, DeleteDigitalProductResponses> = async (
  { path },
  { site, services },
) => {
  await services.admin.digitalProducts.remove(site, path.digital_product_id);
  return { status: 204, body: undefined };
};
