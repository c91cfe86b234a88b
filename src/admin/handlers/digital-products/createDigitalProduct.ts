import type {
  CreateDigitalProductData,
  CreateDigitalProductResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const createDigitalProduct: AdminApiHandler<CreateDigitalProductData, CreateDigitalProductResponses> = async (
  { body },
  { site, services },
) => ({
  status: 201,
  body: await services.admin.digitalProducts.create(site, body),
});
