import type {
  PublishDigitalProductData,
  PublishDigitalProductResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const publishDigitalProduct: AdminApiHandler<PublishDigitalProductData, PublishDigitalProductResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.digitalProducts.publish(site, path.digital_product_id),
});
