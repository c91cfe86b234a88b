import type { ListLecturersData, ListLecturersResponses } from '../../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../../http/handler.ts';

export const listLecturers: OperationHandler<ListLecturersData, ListLecturersResponses> = async (
  { query },
  { site, services },
) => ({
  status: 200,
  body: await services.admin.lecturers.list(site, query),
});
