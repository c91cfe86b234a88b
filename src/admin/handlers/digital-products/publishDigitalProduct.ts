import type {
  PublishDigitalProductData,
  PublishDigitalProductResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const publishDigitalProduct: OperationHandler<
  PublishDigitalProductData,
  PublishDigitalProductResponses
> = async ({ path }, { site, services }) => ({
  status: 200,
  body: await services.admin.digitalProducts.publish(site, path.digital_product_id),
});
