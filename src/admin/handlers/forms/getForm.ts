import type { GetFormData, GetFormResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const getForm: AdminApiHandler<GetFormData, GetFormResponses> = async ({ path }, { site, services }) => ({
  status: 200,
  body: await services.admin.forms.get(site, path.form_id),
});
