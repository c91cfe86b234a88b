import type { GetCatalogCourseData, GetCatalogCourseResponses } from '../../../generated/openapi/client/types.gen.ts';
import type { PublicHandler } from '../public-services.ts';
import { notFound } from '../../http/problem.ts';

export const getCatalogCourse: PublicHandler<GetCatalogCourseData, GetCatalogCourseResponses> = async (
  { path },
  { site, services },
) => {
  const course = await services.catalog.getCourse(site.id, path.slug);
  if (!course) throw notFound('No published course with that slug at this school.');
  return { status: 200, body: course };
};
