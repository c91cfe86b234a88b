import type { GetAppearanceData, GetAppearanceResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const getAppearance: AdminApiHandler<GetAppearanceData, GetAppearanceResponses> = async (
  _request,
  { site, services },
) => ({
  status: 200,
  body: await services.admin.appearance.get(site),
});
