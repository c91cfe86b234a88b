import type {
  ListCompletionRatesData,
  ListCompletionRatesResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const listCompletionRates: OperationHandler<ListCompletionRatesData, ListCompletionRatesResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.analytics.completionByCourse(site, query),
});
