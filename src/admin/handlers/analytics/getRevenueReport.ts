import type {
  GetRevenueReportData,
  GetRevenueReportResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const getRevenueReport: OperationHandler<GetRevenueReportData, GetRevenueReportResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.analytics.revenue(site, query),
});
