import type { ReorderSectionsData, ReorderSectionsResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const reorderSections: AdminApiHandler<ReorderSectionsData, ReorderSectionsResponses> = async (
  { path, body },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.curriculum.reorderSections(site, path.course_id, body.section_ids),
});
