import type {
  UpdateAppearanceData,
  UpdateAppearanceResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const updateAppearance: OperationHandler<UpdateAppearanceData, UpdateAppearanceResponses> = async (
  { body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.appearance.update(site, body),
});
