import type { ListCatalogCoursesData, ListCatalogCoursesResponses } from '../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../http/handler.ts';
import { invalidRequest } from '../../http/problem.ts';
import { InvalidCursor } from '../../db/pagination/cursor.ts';

export const listCatalogCourses: OperationHandler<ListCatalogCoursesData, ListCatalogCoursesResponses> = async ({ query }, { site, services }) => {
  try {
    const page = await services.catalog.listCourses(site.id, { limit: query.limit ?? 20, cursor: query.cursor, search: query.q });
    return { status: 200, body: page };
  } catch (error) {
    if (error instanceof InvalidCursor) throw invalidRequest([{ pointer: '/query/cursor', detail: error.message }]);
    throw error;
  }
};
