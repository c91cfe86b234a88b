import type { GetCourseDocumentData, GetCourseDocumentResponses } from '../../../generated/openapi/client/types.gen.ts';
import type { PublicHandler } from '../public-services.ts';
import { notFound } from '../../http/problem.ts';
import { renderCourseMd } from '../../services/documents/course-md.ts';

/** /courses/{slug}.md: a published course's public page; drafts and hidden courses are 404 as in the catalog. */
export const getCourseDocument: PublicHandler<GetCourseDocumentData, GetCourseDocumentResponses> = async (
  { path },
  { site, services },
) => {
  const course = await services.catalog.getCourse(site.id, path.slug);
  if (!course) throw notFound('No published course with that slug at this school.');
  return {
    status: 200,
    body: renderCourseMd(site, course),
    contentType: 'text/markdown; charset=utf-8',
    headers: { 'Cache-Control': 'public, max-age=300' },
  };
};
