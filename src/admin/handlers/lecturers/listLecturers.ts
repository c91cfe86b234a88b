import type { ListLecturersData, ListLecturersResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { AdminApiHandler } from '../../admin-api-services.ts';

export const listLecturers: AdminApiHandler<ListLecturersData, ListLecturersResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.lecturers.list(site, query),
});
