import type { ListSectionsData, ListSectionsResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listSections: AdminApiHandler<ListSectionsData, ListSectionsResponses> = async (
  { path, query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.curriculum.listSections(site, path.course_id, query),
});
