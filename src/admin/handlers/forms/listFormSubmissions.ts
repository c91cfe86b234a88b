import type {
  ListFormSubmissionsData,
  ListFormSubmissionsResponses,
} from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listFormSubmissions: AdminApiHandler<ListFormSubmissionsData, ListFormSubmissionsResponses> = async (
  { path, query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.forms.listSubmissions(site, path.form_id, query),
});
