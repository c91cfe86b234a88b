import type {
  CreateDigitalProductData,
  CreateDigitalProductResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const createDigitalProduct: OperationHandler<CreateDigitalProductData, CreateDigitalProductResponses> = async (
  { body },
  { site, services },
) => ({
  status: 201,
  body: await services.admin.digitalProducts.create(site, body),
});
