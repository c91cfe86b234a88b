import type {
  GetRevenueReportData,
  GetRevenueReportResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const getRevenueReport: AdminApiHandler<GetRevenueReportData, GetRevenueReportResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.analytics.revenue(site, query),
});
