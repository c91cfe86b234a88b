import type {
  UpdateAppearanceData,
  UpdateAppearanceResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const updateAppearance: AdminApiHandler<UpdateAppearanceData, UpdateAppearanceResponses> = async (
  { body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.appearance.update(site, body),
});
