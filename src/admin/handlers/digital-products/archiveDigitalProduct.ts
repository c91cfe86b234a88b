import type {
  ArchiveDigitalProductData,
  ArchiveDigitalProductResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const archiveDigitalProduct: OperationHandler<
  ArchiveDigitalProductData,
  ArchiveDigitalProductResponses
> = async ({ path }, { site, services }) => ({
  status: 200,
  body: await services.admin.digitalProducts.archive(site, path.digital_product_id),
});
