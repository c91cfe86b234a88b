import type { GetFormData, GetFormResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const getForm: OperationHandler<GetFormData, GetFormResponses> = async ({ path }, { site, services }) => ({
  status: 200,
  body: await services.admin.forms.get(site, path.form_id),
});
