import type {
  ArchiveDigitalProductData,
  ArchiveDigitalProductResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const archiveDigitalProduct: AdminApiHandler<ArchiveDigitalProductData, ArchiveDigitalProductResponses> = async (
  { path },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.digitalProducts.archive(site, path.digital_product_id),
});
