import type { ListFormsData, ListFormsResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const listForms: OperationHandler<ListFormsData, ListFormsResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.forms.list(site, query),
});
