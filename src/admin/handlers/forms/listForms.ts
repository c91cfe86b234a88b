import type { ListFormsData, ListFormsResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listForms: AdminApiHandler<ListFormsData, ListFormsResponses> = async ({ query }, { site, services }) => ({
  status: 200,
  body: await services.admin.forms.list(site, query),
});
