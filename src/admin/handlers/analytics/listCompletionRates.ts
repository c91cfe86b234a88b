import type {
  ListCompletionRatesData,
  ListCompletionRatesResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listCompletionRates: AdminApiHandler<ListCompletionRatesData, ListCompletionRatesResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.analytics.completionByCourse(site, query),
});
