import type { GetAppearanceData, GetAppearanceResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const getAppearance: OperationHandler<GetAppearanceData, GetAppearanceResponses> = async (
  _request,
  { site, services },
) => ({
  status: 200,
  body: await services.admin.appearance.get(site),
});
