import type {
  ListCatalogCoursesData,
  ListCatalogCoursesResponses,
} from '../../../generated/openapi/client/types.gen.ts';
import type { PublicHandler } from '../public-services.ts';

export const listCatalogCourses: PublicHandler<ListCatalogCoursesData, ListCatalogCoursesResponses> = async (
  { query },
  { site, services },
) => {
  // An InvalidCursor is rendered as a 400 pointing at /query/cursor (http/render.ts).
  const page = await services.catalog.listCourses(site.id, {
    limit: query.limit ?? 20,
    cursor: query.cursor,
    search: query.q,
  });
  return { status: 200, body: page };
};
