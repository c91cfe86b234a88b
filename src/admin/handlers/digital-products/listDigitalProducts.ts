import type {
  ListDigitalProductsData,
  ListDigitalProductsResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const listDigitalProducts: OperationHandler<ListDigitalProductsData, ListDigitalProductsResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.digitalProducts.list(site, query),
});
