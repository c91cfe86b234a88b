import type { GetCatalogCourseData, GetCatalogCourseResponses } from '../../../generated/openapi/client/types.gen.ts';
import type { OperationHandler } from '../../http/handler.ts';
import { notFound } from '../../http/problem.ts';

export const getCatalogCourse: OperationHandler<GetCatalogCourseData, GetCatalogCourseResponses> = async (
  { path },
  { site, services },
) => {
  const course = await services.catalog.getCourse(site.id, path.slug);
  if (!course) throw notFound('No published course with that slug at this school.');
  return { status: 200, body: course };
};
